/// A rows × columns grid of cells: what one frame looks like on a terminal, independent of how it
/// is drawn. `originRow`/`originColumn` place it on the screen (0-based).
public struct CellGrid: Sendable, Equatable {
    public let rows: Int
    public let columns: Int
    public var originRow: Int
    public var originColumn: Int
    public var cells: [Cell]

    public init(rows: Int, columns: Int, originRow: Int = 0, originColumn: Int = 0, fill: Cell = .blank) {
        self.rows = rows
        self.columns = columns
        self.originRow = originRow
        self.originColumn = originColumn
        self.cells = [Cell](repeating: fill, count: rows * columns)
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// The memory the grid takes (what a frame cache charges for it).
    public var memoryCost: Int {
        cells.count * MemoryLayout<Cell>.stride + 64
    }

    /// True when `other` covers the same screen cells (so a diff between the two is valid).
    public func hasSameGeometry(as other: CellGrid) -> Bool {
        rows == other.rows && columns == other.columns && originRow == other.originRow
            && originColumn == other.originColumn
    }
}
