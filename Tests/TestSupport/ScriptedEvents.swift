public import Playback
import Terminal

/// Events at given clock times. Waiting jumps the clock to the deadline, or to the next event
/// if that comes first; no real time passes. With no deadline and no events left it answers q,
/// so a test cannot hang.
public final class ScriptedEvents: PlayerEventSource {
    private let clock: ManualClock
    private var script: [(time: Duration, event: PlayerEvent)]
    /// Every deadline the player waited for.
    public private(set) var deadlines: [Duration?] = []

    /// - Parameter script: events at times relative to the clock's time when this is made.
    public init(clock: ManualClock, script: [(Duration, PlayerEvent)] = []) {
        self.clock = clock
        let origin = clock.now()
        self.script = script.map { (origin + $0.0, $0.1) }.sorted { $0.time < $1.time }
    }

    public func wait(until deadline: Duration?) -> PlayerEvent? {
        deadlines.append(deadline)
        if let next = script.first, deadline.map({ next.time <= $0 }) ?? true {
            script.removeFirst()
            clock.advance(to: next.time)
            return next.event
        }
        guard let deadline else { return .key(.quit) }
        clock.advance(to: deadline)
        return nil
    }
}
