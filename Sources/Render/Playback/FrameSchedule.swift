/// Maps the animation's own timeline (media time: the sum of the durations of the frames before)
/// to the monotonic clock. Deadlines are absolute — wall time = anchor + (media − anchor media) /
/// speed — never a sleep after each frame, so nothing drifts however many frames play. Pausing,
/// resuming and changing speed move the anchor to "now", so the picture neither jumps nor bursts.
public struct FrameSchedule: Sendable, Equatable {
    public static let minimumSpeed = 1.0 / 16
    public static let maximumSpeed = 16.0

    public private(set) var speed: Double = 1
    public private(set) var isPaused = false
    private var anchorWall: Duration = .zero
    private var anchorMedia: Duration = .zero

    public init() {}

    /// Media time `media` is shown at wall time `now` (the first frame is on screen: media 0).
    public mutating func start(at now: Duration, media: Duration = .zero) {
        anchorWall = now
        anchorMedia = media
    }

    /// The media time that is due at wall time `now` (frozen while paused).
    public func media(at now: Duration) -> Duration {
        isPaused ? anchorMedia : anchorMedia + (now - anchorWall) * speed
    }

    /// The wall time at which media time `media` is due; nil while paused.
    public func wallTime(for media: Duration) -> Duration? {
        isPaused ? nil : anchorWall + (media - anchorMedia) / speed
    }

    public mutating func pause(at now: Duration) {
        guard !isPaused else { return }
        anchorMedia = media(at: now)
        anchorWall = now
        isPaused = true
    }

    public mutating func resume(at now: Duration) {
        guard isPaused else { return }
        anchorWall = now
        isPaused = false
    }

    /// While paused: the position moves to `media` (stepping).
    public mutating func seek(to media: Duration, at now: Duration) {
        anchorMedia = media
        anchorWall = now
    }

    /// Changes speed (clamped to 1/16…16) without moving the current position.
    public mutating func setSpeed(_ newSpeed: Double, at now: Duration) {
        let clamped = min(Self.maximumSpeed, max(Self.minimumSpeed, newSpeed))
        anchorMedia = media(at: now)
        anchorWall = now
        speed = clamped
    }
}
