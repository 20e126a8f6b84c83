import Glibc

/// The terminal with its echo, line editing and signal keys off, so answers and keys arrive at
/// once as bytes and none is echoed over the shell; `restore()` gives the modes back, after
/// dropping unread input (late answers).
public final class QuietModes {
    public let descriptor: CInt
    private var saved = termios()
    /// Starts true: `quiet()` counts a hold only when it takes one.
    private var restored = true

    /// Opens /dev/tty without blocking; nil when there is no terminal.
    public init?() {
        descriptor = ControllingTerminal.open(O_RDWR | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        guard tcgetattr(descriptor, &saved) == 0 else {
            close(descriptor)
            return nil
        }
        quiet()
    }

    /// Echo, line editing and signal keys off (again, after `restore` for Ctrl-Z).
    public func quiet() {
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        _ = tcsetattr(descriptor, TCSANOW, &quiet)
        if restored { TerminalHold.take() }
        restored = false
    }

    deinit {
        restore()
        close(descriptor)
    }

    public func restore() {
        guard !restored else { return }
        restored = true
        TerminalHold.release()
        tcflush(descriptor, TCIFLUSH)
        _ = tcsetattr(descriptor, TCSANOW, &saved)
    }
}
