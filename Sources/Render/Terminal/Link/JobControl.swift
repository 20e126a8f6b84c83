import Glibc

/// Ctrl-Z as the terminal itself would have sent it (tview reads keys raw, so the terminal sends
/// no signal): SIGTSTP, at its default action, to tview's whole process group, so a wrapper
/// script or the rest of a pipeline stops with it and the shell takes the terminal back.
enum JobControl {
    /// Returns once continued (`fg`). Where no shell could continue it (an orphaned group: tview
    /// started by a terminal emulator directly), the kernel drops the signal and this returns
    /// at once, instead of leaving a stopped process no one can wake.
    static func stopProcessGroup() {
        var stopping = sigaction(), previous = sigaction()
        stopping.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&stopping.sa_mask)
        sigaction(SIGTSTP, &stopping, &previous)
        // Only this thread takes signals (BackgroundWorker), so the stop comes before kill
        // returns, and the handler is put back after it.
        kill(0, SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
    }
}
