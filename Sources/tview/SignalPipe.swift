import Glibc

/// The write end of the signal pipe, read by the handler. Set once, before any handler is
/// installed, and never changed: safe to read from a signal handler.
nonisolated(unsafe) private var signalPipeWriteEnd: CInt = -1

/// Turns signals into bytes on a pipe (the self-pipe trick), so the player's poll wakes up and
/// handles them in normal code: restoring the terminal is not async-signal-safe.
enum SignalPipe {
    /// SIGINT, SIGTERM, SIGHUP end tview; SIGWINCH resizes; SIGTSTP suspends; SIGCONT redraws.
    static let handled: [CInt] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]

    /// Installs the handlers; returns the read end. Call before the terminal is set up, so that
    /// ncurses keeps its hands off these signals.
    static func install() -> CInt? {
        var ends: [CInt] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        signalPipeWriteEnd = ends[1]
        for signal in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
        }
        return ends[0]
    }
}
