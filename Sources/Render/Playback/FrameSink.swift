public import Decode

/// Where frames go: the terminal through ncurses, ANSI text on a pipe, or a recorder in tests.
/// `prepare` does the downsampling (ahead of the deadline); `present` only draws.
public protocol FrameSink: AnyObject {
    associatedtype Prepared
    /// Fits and scales a frame to the current area. `serial` and `change` come from the decoder
    /// (`Frame`): a sink may then redo only what changed since the frame it prepared last.
    /// `file` (its place in the list) and `index` (the frame's number in it) say which frame it
    /// is, for a terminal that keeps frames.
    func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, file: Int, index: Int, statusLine: Bool
    ) -> Prepared
    /// Shows a prepared frame and the status line (nil: none), fitted to the sink's width.
    func present(_ prepared: Prepared, status: PlaybackStatus?)
    /// The terminal changed size (or was given back): the next prepare uses the new size and the
    /// next present draws everything.
    func refresh()
    /// Gives the terminal back and stops the process (Ctrl-Z); returns once continued (`fg`),
    /// with the terminal taken back. The next present draws everything.
    func suspend()
    /// The memory a prepared frame takes (for the frame cache's budget).
    func cost(of prepared: Prepared) -> Int
    /// Bytes written so far (for statistics).
    var bytesWritten: Int { get }
    /// Whether the sink can take a frame at `now`: nil if so, else when to ask again (it may
    /// also say so sooner with a `PlayerEvent.outputShown`). A terminal behind a slow link is
    /// still showing earlier frames; the player skips what goes stale meanwhile.
    func readiness(at now: Duration) -> Duration?
    /// The first write that failed (a full disk, a terminal that hung up): playing stops.
    var outputError: WriteError? { get }
}

extension FrameSink {
    /// Sinks that never hold frames back.
    public func readiness(at now: Duration) -> Duration? { nil }
}
