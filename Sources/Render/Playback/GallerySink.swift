public import Decode

/// Where a gallery's tiles go: the terminal in half blocks or pixels, or a recorder in tests.
public protocol GallerySink: AnyObject {
    associatedtype Prepared
    /// The cells tiles can use: the screen less its status line.
    var area: (columns: Int, rows: Int) { get }
    /// Fits and scales a frame into a tile's picture area. `slot` is the tile's place on the page
    /// (a sink may keep a scaler per slot).
    func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: GalleryLayout.Tile, slot: Int, file: Int,
        index: Int
    ) -> Prepared
    /// Shows the page: each tile's picture (nil: none yet, or it failed) and caption, and the
    /// status line.
    func present(_ tiles: [GalleryTileView<Prepared>], status: String)
    /// The screen changed size or was given back: the next present draws everything.
    func refresh()
    /// Gives the terminal back and stops the process (Ctrl-Z); returns once continued.
    func suspend()
    func cost(of prepared: Prepared) -> Int
    var outputError: WriteError? { get }
    /// Bytes written to the screen so far.
    var bytesWritten: Int { get }
    /// As `FrameSink.readiness`: nil when the screen can take a page now.
    func readiness(at now: Duration) -> Duration?
}

/// One tile as the sink draws it.
public struct GalleryTileView<Prepared> {
    public var tile: GalleryLayout.Tile
    /// Which file it shows (its place in the list).
    public var file: Int
    public var picture: Prepared?
    /// The file's name or what went wrong, as plain text (the sink makes it safe to show).
    public var caption: String
    public var selected: Bool
}
