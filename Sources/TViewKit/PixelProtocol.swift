internal import Graphics

/// A way terminals take real pixels.
public enum PixelProtocol: String, Sendable, CaseIterable {
    /// kitty's graphics protocol (kitty, WezTerm, ghostty, Konsole).
    case kitty
    /// DEC sixel (xterm -ti vt340, foot, mlterm, WezTerm, Windows Terminal, ...).
    case sixel
    /// iTerm2's inline images (iTerm2, WezTerm, mintty).
    case iterm2

    var graphics: GraphicsProtocol {
        switch self {
        case .kitty: return .kitty
        case .sixel: return .sixel
        case .iterm2: return .iterm2
        }
    }
}
