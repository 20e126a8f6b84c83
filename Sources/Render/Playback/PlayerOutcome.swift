/// How a run of the player ended.
public enum PlayerOutcome: Equatable, Sendable {
    /// Every file played its loops, or the time limit was reached: the last frame stays.
    case finished
    /// q or Esc.
    case quit
    /// Ctrl-C (as SIGINT), or a signal: 128 + signal is the exit status.
    case interrupted(signal: Int32)
    /// The frames could not be written (a full disk, a terminal that hung up).
    case outputFailed(WriteError)
}
