/// A rectangle of the screen that one picture is fitted into, in cells from the top left: the
/// whole screen (less its status row) when playing full screen, one of a gallery page's tiles,
/// with its caption on the row below.
public struct Tile: Sendable, Equatable {
    public var column: Int
    public var row: Int
    public var width: Int
    /// Rows of the picture area.
    public var pictureRows: Int
    /// Whether the row below the picture holds a caption (a gallery's file name).
    public var hasCaption: Bool

    public init(column: Int, row: Int, width: Int, pictureRows: Int, hasCaption: Bool) {
        self.column = column
        self.row = row
        self.width = width
        self.pictureRows = pictureRows
        self.hasCaption = hasCaption
    }

    /// The whole of an area of `columns` × `rows` cells, no caption.
    public init(columns: Int, rows: Int) {
        self.init(column: 0, row: 0, width: max(1, columns), pictureRows: max(1, rows), hasCaption: false)
    }

    public var captionRow: Int { row + pictureRows }
}
