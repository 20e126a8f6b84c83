internal import Playback

/// What playing did: frames shown and skipped, time, bytes, lateness.
public struct PlaybackReport: Sendable {
    public var framesShown: Int
    /// Frames whose time passed before they could be shown (decoded, never drawn): playing
    /// stays on time instead of slowing down.
    public var framesSkipped: Int
    public var loopsDone: Int
    /// From the first frame on screen to the end.
    public var wall: Duration
    /// How late each frame reached the screen after its time, in milliseconds.
    public var lateness: [Double]
    public var decodeTime: Duration
    public var renderTime: Duration
    public var bytesWritten: Int
    /// Gallery tiles: each loop's time on screen over its nominal length (1 is exact).
    public var tileLoopRatios: [Double]
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
            bytesWritten: statistics.bytesWritten, tileLoopRatios: statistics.loopRatios)
    }
}
