/// How playing ended.
public enum PlaybackOutcome: Sendable, Equatable {
    /// Every animation played its plays, or the time limit came: the last frame stays.
    case finished
    /// q or Esc.
    case quit
    /// ``PlaybackControls/stop()``.
    case stopped
    /// Ctrl-C or an ending signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT): a command line exits with
    /// 128 + `signal`.
    case interrupted(signal: Int32)
    /// The output could not be written: playing stopped.
    case failed(TViewError)
}
