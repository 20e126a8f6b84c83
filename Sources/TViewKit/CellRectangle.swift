/// A rectangle of the terminal's screen in cells: `columns` x `rows` from `column`, `row`
/// (counted from 0 at the top left, as file managers pass a preview pane's place).
public struct CellRectangle: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var column: Int
    public var row: Int

    public init(columns: Int, rows: Int, column: Int, row: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.column = max(0, column)
        self.row = max(0, row)
    }
}
