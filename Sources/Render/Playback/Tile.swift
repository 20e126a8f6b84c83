/// A rectangle of the screen that one picture is fitted into, in cells from the top left: the
/// whole screen (less its status row) when playing full screen, or one of a gallery page's tiles
/// (a caption, `TileView.caption`, goes on the row below it).
public struct Tile: Sendable, Equatable {
    public var column: Int
    public var row: Int
    public var width: Int
    /// Rows of the picture area.
    public var pictureRows: Int

    public init(column: Int, row: Int, width: Int, pictureRows: Int) {
        self.column = column
        self.row = row
        self.width = width
        self.pictureRows = pictureRows
    }

    /// The whole of an area of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.init(column: 0, row: 0, width: max(1, columns), pictureRows: max(1, rows))
    }

    public var captionRow: Int { row + pictureRows }
}
