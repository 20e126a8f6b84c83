/// A rectangle of the terminal's screen in cells: `columns` x `rows` from `column`, `row`
/// (counted from 0 at the top left, as file managers pass a preview pane's place).
public struct CellRectangle: Sendable, Equatable {
    /// Its width in cells.
    public var columns: Int
    /// Its height in cells.
    public var rows: Int
    /// The screen column of its left edge, from 0.
    public var column: Int
    /// The screen row of its top edge, from 0.
    public var row: Int

    /// A rectangle of `columns` x `rows` cells (at least 1 each) whose top left cell is at
    /// `column`, `row` (at least 0 each).
    /// - Parameters:
    ///   - columns: its width in cells.
    ///   - rows: its height in cells.
    ///   - column: the screen column of its left edge, from 0.
    ///   - row: the screen row of its top edge, from 0.
    public init(columns: Int, rows: Int, column: Int, row: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.column = max(0, column)
        self.row = max(0, row)
    }
}
