public import Decode

/// Where pictures go: the terminal's screen (text or pixels), ANSI text on a pipe, or a recorder
/// in tests. The player lays its pictures out in the sink's area as tiles (one for full screen,
/// a page of them for a gallery); `prepare` fits a frame into its tile (ahead of the deadline),
/// `present` only draws.
public protocol FrameSink: AnyObject {
    associatedtype Prepared
    /// What the frame cache keeps of a prepared frame (the frame itself, unless a sink keeps it
    /// in less memory).
    associatedtype Kept = Prepared
    /// The cells pictures may take, with or without a status line below them: the screen, or
    /// the size asked for, less the status row (a sink may always keep that row free).
    func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int)
    /// Fits and scales a frame into `tile`. `serial` and `change` come from the decoder
    /// (`Frame`): a sink may then redo only what changed since the frame it prepared last for
    /// the same `slot` (the tile's place in the layout). `file` (its place in the list) and
    /// `index` (the frame's number in it) say which frame it is, for a terminal that keeps frames.
    func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
    ) -> Prepared
    /// Works out `slot`'s picture of a frame still being drawn (a file's first, `GrowingCanvas`)
    /// behind the decoder, as its rows become final. The frame, when it comes, is prepared with
    /// `CanvasChange(since: canvas.serial)` and nothing changed, which gives that picture. False
    /// where the sink does not (the default; nothing was done).
    func prepare(growing canvas: GrowingCanvas, tile: Tile, slot: Int) -> Bool
    /// Shows the tiles' pictures (and captions) and the status line (nil: none).
    func present(_ tiles: [TileView<Prepared>], status: PlaybackStatus?)
    /// The terminal changed size (or was given back): the next prepare uses the new size and the
    /// next present draws everything.
    func refresh()
    /// Gives the terminal back and stops the process (Ctrl-Z); returns once continued (`fg`),
    /// with the terminal taken back. The next present draws everything.
    func suspend()
    /// What the frame cache keeps of `prepared`, and the prepared frame again from that.
    func keep(_ prepared: Prepared) -> Kept
    func restore(_ kept: Kept) -> Prepared
    /// The memory a kept frame takes (for the frame cache's budget).
    func cost(of kept: Kept) -> Int
    /// Bytes written so far (for statistics).
    var bytesWritten: Int { get }
    /// Whether the sink can take a frame at `now`: nil if so, else when to ask again (it may
    /// also say so sooner with a `PlayerEvent.outputShown`). A terminal behind a slow link is
    /// still showing earlier frames; the player skips what goes stale meanwhile.
    func readiness(at now: Duration) -> Duration?
    /// The first write that failed (a full disk, a terminal that hung up): playing stops.
    var outputError: WriteError? { get }
    /// The frames worth decoding for `tile`, for sources that scale as they decode (video
    /// clips); nil: the bound they were opened with.
    func decodeBound(for tile: Tile) -> FrameBound?
}

extension FrameSink {
    public func prepare(growing canvas: GrowingCanvas, tile: Tile, slot: Int) -> Bool { false }
    /// Sinks that never hold frames back.
    public func readiness(at now: Duration) -> Duration? { nil }
    public func decodeBound(for tile: Tile) -> FrameBound? { nil }
}

extension FrameSink where Kept == Prepared {
    /// Sinks whose cache keeps prepared frames as they are.
    public func keep(_ prepared: Prepared) -> Kept { prepared }
    public func restore(_ kept: Kept) -> Prepared { kept }
}
