public import Playback
import Terminal
import Synchronization

/// A clock that moves only when told (the event script and sinks move it). Safe to read from the
/// player's decode-ahead thread while the test's thread moves it.
public final class ManualClock: PlaybackClock, Sendable {
    private let current: Mutex<Duration>

    public init(start: Duration = .seconds(1000)) {
        current = Mutex(start)
    }

    public var time: Duration {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    public func now() -> Duration { time }

    public func advance(by duration: Duration) { current.withLock { $0 += duration } }

    /// Moves the clock to `time` unless it is there already, in one step: another thread's
    /// `advance(by:)` between reading and setting the time would otherwise be lost.
    public func advance(to time: Duration) { current.withLock { $0 = max($0, time) } }
}
