/// A key as read from the terminal.
public enum TerminalKey: Equatable, Sendable {
    case character(Character)
    case control(UInt8)  // Ctrl-A = 1 … ; Esc = 27
    case left, right, up, down
}
