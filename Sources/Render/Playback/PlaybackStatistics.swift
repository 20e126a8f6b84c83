import Decode

/// What a run of the player did, for `--stats` (which prints it as JSON) and benchmarks.
public struct PlaybackStatistics: Sendable {
    public var framesShown = 0
    public var framesSkipped = 0
    public var loopsDone = 0
    /// From the first frame on screen to the end.
    public var wall: Duration = .zero
    /// How late each frame reached the screen after its deadline, in milliseconds.
    public var lateness: [Double] = []
    public var decodeTime: Duration = .zero
    public var renderTime: Duration = .zero
    public var bytesWritten = 0
    /// The process's peak resident memory (filled in by whoever runs the player).
    public var peakResidentBytes = 0
    /// Gallery tiles: each loop's time on screen over its nominal length (1 is exact).
    public var loopRatios: [Double] = []
    /// A file fell behind its time: its frames decode slower than they play and each needs the
    /// one before, so none could be passed over (`Timeline.fallsBehindAfter`).
    public var fellBehind = false

    public init() {}
}
