/// The signal handlers a ``TerminalPlayer`` needs, installed once for the process (as ncurses
/// installs its own): SIGINT, SIGTERM, SIGHUP and SIGQUIT end playing with the terminal given
/// back; SIGWINCH redraws at the new size; SIGTSTP (Ctrl-Z) gives the terminal back and stops,
/// SIGCONT (`fg`) takes it again. A signal that ends the process while nothing plays gives the
/// terminal's modes back first and exits with 128 + its number.
public enum TerminalSignals {
    /// Installs the handlers, once; call it first thing when the program may take the terminal,
    /// so its modes are saved as the shell left them. False when they could not be installed.
    @discardableResult
    public static func install() -> Bool {
        descriptor() != nil
    }

    /// True once a signal asked the process to end (a wait on a slow pipe should give up).
    public static var endRequested: Bool { SignalPipe.endRequested }

    /// The read end of the signal pipe, installing the handlers the first time.
    static func descriptor() -> CInt? {
        SignalPipe.installOnce()
    }
}
