/// How a run of the player ended.
public enum PlayerOutcome: Equatable, Sendable {
    /// Every file played its loops, or the time limit was reached: the last frame stays.
    case finished
    /// q or Esc.
    case quit
    /// Ctrl-C (as SIGINT), or a signal: 128 + signal is the exit status.
    case interrupted(signal: Int32)
    /// Enter in a gallery: the selected file, to be played full screen (run the gallery's
    /// player again to come back).
    case open(file: Int)
    /// The frames could not be written (a full disk, a terminal that hung up).
    case outputFailed(WriteError)
}
