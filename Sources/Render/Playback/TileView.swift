/// One tile as the sink draws it: where, which file, its picture, and in a gallery its caption.
public struct TileView<Prepared> {
    public var tile: Tile
    /// Which file it shows (its place in the list).
    public var file: Int
    /// Nil: no picture yet, or the file failed.
    public var picture: Prepared?
    /// The file's name or what went wrong, as plain text (the sink makes it safe to show); nil
    /// when the tile has no caption row.
    public var caption: String?
    public var selected: Bool

    public init(tile: Tile, file: Int, picture: Prepared?, caption: String? = nil, selected: Bool = false) {
        self.tile = tile
        self.file = file
        self.picture = picture
        self.caption = caption
        self.selected = selected
    }
}
