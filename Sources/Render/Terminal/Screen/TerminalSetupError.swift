/// The terminal could not be taken (no /dev/tty, a terminal type terminfo does not know).
public struct TerminalSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
