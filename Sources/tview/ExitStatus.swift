/// What the exit status tells a script (chafa's convention).
enum ExitStatus: Int32 {
    /// Every file worked.
    case success = 0
    /// Some files failed, others worked.
    case someFailed = 1
    /// A usage error, or every file failed.
    case usage = 2
    /// Ended by SIGHUP, SIGINT (or Ctrl-C), SIGQUIT, SIGTERM: 128 + the signal's number.
    case hangUp = 129
    case interrupted = 130
    case quit = 131
    case terminated = 143

    /// The status for a run over `failed` of `total` files.
    static func after(failed: Int, of total: Int) -> ExitStatus {
        if failed == 0 { return .success }
        return failed < total ? .someFailed : .usage
    }
}
