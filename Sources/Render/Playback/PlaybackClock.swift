import Glibc

/// Monotonic time as a duration since an arbitrary origin. Injected, so the player can be tested
/// on a manual clock without sleeping.
public protocol PlaybackClock: AnyObject {
    func now() -> Duration
}

/// CLOCK_MONOTONIC.
public final class SystemClock: PlaybackClock {
    public init() {}

    public func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
