public import Render

/// A clock that moves only when told (the event script and sinks move it).
public final class ManualClock: PlaybackClock {
    public var time: Duration

    public init(start: Duration = .seconds(1000)) {
        time = start
    }

    public func now() -> Duration { time }

    public func advance(by duration: Duration) { time += duration }
}

