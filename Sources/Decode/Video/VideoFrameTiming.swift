/// How long each frame of a clip shows: what its timestamps say, to the microsecond (to the next
/// frame's timestamp; the last frame for its own packet's duration). Browsers play video by its
/// timestamps and never apply the GIF rule (`FrameDelay`) to it: a screen recording's 5.3 ms
/// frame is 5.3 ms. Where the timestamps give no time (the last frame of a clip whose container
/// states no durations) or none that can be shown (a frame stamped at or before the one before
/// it), the frame shows for one frame time: at the rate the container states, else the mean step
/// between the frames seen so far (the rate the timestamps show), else 25 frames a second.
struct VideoFrameTiming {
    /// The frame time when nothing else tells one.
    static let fallback: Duration = .milliseconds(40)
    /// No frame shows for less: no display shows one for less (1000 Hz), and a clip loops no
    /// faster than a millisecond a frame, whatever its timestamps say.
    static let shortest: Duration = .milliseconds(1)

    /// One frame's time at the rate the container states.
    let statedFrameTime: Duration?
    /// The times the timestamps gave so far (a sum in floating point: a damaged clip's
    /// timestamps may be far apart).
    private var measured: (count: Int, total: Double) = (0, 0)

    init(statedFrameTimeMicroseconds: Int64) {
        statedFrameTime = statedFrameTimeMicroseconds > 0 ? .microseconds(statedFrameTimeMicroseconds) : nil
    }

    /// The time of a frame whose timestamps say `microseconds` (0 or less: they give none).
    mutating func duration(measuredMicroseconds microseconds: Int64) -> Duration {
        if microseconds > 0 {
            measured.count += 1
            measured.total += Double(microseconds)
            return max(.microseconds(microseconds), Self.shortest)
        }
        let rateShown: Duration? =
            measured.count > 0 ? .microseconds((measured.total / Double(measured.count)).rounded()) : nil
        return max(statedFrameTime ?? rateShown ?? Self.fallback, Self.shortest)
    }

    /// Back to the first frame: each pass measures afresh, so every pass plays the same times.
    mutating func rewind() {
        measured = (0, 0)
    }
}
