import Glibc

/// Keys that stop a wait before the screen is taken (a pipe that has sent nothing yet): the
/// terminal's echo, line editing and signal keys are turned off so q, Esc or Ctrl-C arrive at
/// once as bytes (and a q is not echoed over the shell); `end()` gives the modes back.
/// Made only when a wait begins, so regular files never touch the terminal.
public final class QuitKeys {
    private let descriptor: CInt
    private var saved = termios()
    private var ended = false

    /// Nil when there is no terminal to read keys from.
    public init?() {
        descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        guard tcgetattr(descriptor, &saved) == 0 else {
            close(descriptor)
            return nil
        }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        _ = tcsetattr(descriptor, TCSANOW, &quiet)
    }

    deinit {
        end()
        close(descriptor)
    }

    public enum Pressed: Sendable {
        case none
        /// q or Esc.
        case quit
        /// Ctrl-C.
        case interrupt
    }

    /// What was typed since the last call: Ctrl-C before q or Esc; other keys are dropped.
    public func quitPressed() -> Pressed {
        var bytes = [UInt8](repeating: 0, count: 64)
        var pressed = Pressed.none
        while true {
            let count = read(descriptor, &bytes, bytes.count)
            guard count > 0 else { break }
            if bytes[0..<count].contains(0x03) { return .interrupt }
            if bytes[0..<count].contains(where: { [0x71, 0x51, 0x1B].contains($0) }) { pressed = .quit }
        }
        return pressed
    }

    /// The terminal's modes as they were.
    public func end() {
        guard !ended else { return }
        ended = true
        _ = tcsetattr(descriptor, TCSANOW, &saved)
    }
}
