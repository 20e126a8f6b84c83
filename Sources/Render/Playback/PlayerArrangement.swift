/// How the player lays out what it plays: one file at a time over the whole area (n/p move
/// between files), or a gallery of tiles, a page of files playing at once.
public enum PlayerArrangement: Sendable {
    case fullScreen
    /// `grid`: columns and rows asked for; nil picks them (`GalleryLayout`).
    case gallery(grid: (columns: Int, rows: Int)?)
}
