import Graphics
import Glibc

/// Keys that stop a wait before the screen is taken (a pipe that has sent nothing yet): with the
/// terminal quiet (`QuietModes`), q, Esc or Ctrl-C arrive at once as bytes (and a q is not
/// echoed over the shell); `end()` gives the modes back. Made only when a wait begins, so regular
/// files never touch the terminal.
public final class QuitKeys {
    private let modes: QuietModes

    /// Nil when there is no terminal to read keys from.
    public init?() {
        guard let modes = QuietModes() else { return nil }
        self.modes = modes
    }

    public enum Pressed: Sendable {
        case nothing
        /// q or Esc.
        case quit
        /// Ctrl-C.
        case interrupt
    }

    /// What was typed since the last call: Ctrl-C before q or Esc; other keys are dropped.
    public func quitPressed() -> Pressed {
        var bytes = [UInt8](repeating: 0, count: 64)
        var pressed = Pressed.nothing
        while true {
            let count = read(modes.descriptor, &bytes, bytes.count)
            guard count > 0 else { break }
            if bytes[0..<count].contains(0x03) { return .interrupt }
            if bytes[0..<count].contains(where: {
                [UInt8(ascii: "q"), UInt8(ascii: "Q"), ControlSequence.escape].contains($0)
            }) {
                pressed = .quit
            }
        }
        return pressed
    }

    /// The terminal's modes as they were.
    public func end() {
        modes.restore()
    }
}
