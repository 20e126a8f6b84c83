/// Escape sequences sent through tmux to the terminal it runs in (`ESC P tmux; … ESC \`, every
/// ESC inside doubled; tmux 3.3+ with `allow-passthrough on`), for pictures tmux cannot draw
/// itself. The outer terminal's cursor is not the pane's: positions are offset by where the pane
/// sits in the window.
public struct TmuxPassthrough: Sendable, Equatable {
    /// The pane's first row and column in the outer terminal (0-based).
    public var top: Int
    public var left: Int

    public init(top: Int, left: Int) {
        self.top = top
        self.left = left
    }

    /// Appends `sequence` wrapped for tmux.
    public func append(_ sequence: [UInt8], to out: inout [UInt8]) {
        out += ControlSequence.tmuxPassthroughStart
        for byte in sequence {
            if byte == ControlSequence.escape { out.append(byte) }
            out.append(byte)
        }
        out += ControlSequence.stringTerminator
    }
}
