internal import Playback

/// What playing did: frames shown and skipped, time, bytes, lateness.
public struct PlaybackReport: Sendable {
    /// Frames put on screen.
    public var framesShown: Int
    /// Frames whose time passed before they could be shown (decoded, never drawn): playing
    /// stays on time instead of slowing down.
    public var framesSkipped: Int
    /// Loops played to their end.
    public var loopsDone: Int
    /// From the first frame on screen to the end.
    public var wall: Duration
    /// How late each frame reached the screen after its time, in milliseconds.
    public var lateness: [Double]
    /// Processor time spent decoding frames.
    public var decodeTime: Duration
    /// Time spent making frames into pictures and writing them.
    public var renderTime: Duration
    /// Bytes written to the terminal or the output.
    public var bytesWritten: Int
    /// Gallery tiles: each loop's time on screen over its nominal length (1 is exact).
    public var tileLoopRatios: [Double]
    /// A file fell behind its time: its frames decode slower than they play and each needs the
    /// one before, so it played slower than its timing (the status line said so).
    public var fellBehind: Bool
}

extension PlaybackReport {
    /// Nothing played.
    init() {
        self.init(PlaybackStatistics())
    }

    init(_ statistics: PlaybackStatistics) {
        self.init(
            framesShown: statistics.framesShown, framesSkipped: statistics.framesSkipped,
            loopsDone: statistics.loopsDone, wall: statistics.wall, lateness: statistics.lateness,
            decodeTime: statistics.decodeTime, renderTime: statistics.renderTime,
            bytesWritten: statistics.bytesWritten, tileLoopRatios: statistics.loopRatios,
            fellBehind: statistics.fellBehind)
    }
}
