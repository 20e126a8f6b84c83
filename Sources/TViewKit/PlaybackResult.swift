/// What a ``TerminalPlayer/play(_:)-(Animation)`` came to.
public struct PlaybackResult: Sendable {
    /// How it ended.
    public var outcome: PlaybackOutcome
    /// What it did.
    public var report: PlaybackReport
    /// Animations that stopped playing on the way (damaged data after some frames, a failed
    /// decoder), by name, with why. Their other frames played.
    public var failures: [(name: String, error: TViewError)]
}
