/// What can interrupt the player's wait for the next deadline.
public enum PlayerEvent: Equatable, Sendable {
    case key(PlayerKey)
    /// The terminal changed size.
    case resize
    /// SIGINT, SIGTERM or SIGHUP: restore the terminal and leave with 128 + the signal number.
    case terminate(signal: Int32)
    /// Ctrl-Z or SIGTSTP: give the terminal back and stop until `fg`.
    case suspend
    /// The terminal answered a status query: it has shown an earlier frame, and may take the
    /// next (see `FrameSink.readiness`).
    case outputShown
}

/// The keys the player acts on.
public enum PlayerKey: Equatable, Sendable {
    case pauseResume, stepForward, stepBack, faster, slower, normalSpeed, restart, toggleStatus
    case nextFile, previousFile, quit, interrupt
    /// The gallery's: move the selection up or down a row, open the selected tile full screen.
    case up, down, open
}

/// Where events come from: the terminal and signals, or a script in tests.
public protocol PlayerEventSource: AnyObject {
    /// Waits until `deadline` (on the player's clock; nil: until an event) and returns the first
    /// event, or nil when the deadline came first. A deadline already passed waits for nothing
    /// but still returns an event that has come: the player looks at keys however far behind.
    func wait(until deadline: Duration?) -> PlayerEvent?
}
