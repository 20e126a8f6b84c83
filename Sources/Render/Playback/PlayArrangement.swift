import Decode

/// What one way of laying files out (full screen, a gallery) owns, so the `PlayStage` that runs
/// the timelines needs to know none: the tiles it shows, its status line, its keys, and what a
/// resize or Ctrl-Z does to it.
protocol PlayArrangement<Sink>: AnyObject {
    associatedtype Sink: FrameSink
    /// The stage's timelines as tiles, with their pictures now (empty: nothing to show yet).
    func views() -> [TileView<Sink.Prepared>]
    /// The status line now; nil for none.
    func status() -> PlaybackStatus?
    /// A key other than q and Ctrl-C; a transition ends the stretch of playing.
    func handle(_ key: PlayerKey) -> PlayTransition?
    /// The terminal changed size (or the status line was toggled): everything fitted again.
    func relayout()
    /// Ctrl-Z: the terminal given back; on `fg`, what was shown is drawn again.
    func suspend()
    /// Each frame shown is told to `onFramePresented` (one file at a time, not a gallery's tiles).
    var reportsFrames: Bool { get }
    /// A tile whose next frame failed is shown again at once, to say so (a gallery's caption).
    var showsFailuresAtOnce: Bool { get }
}
