/// The ways a terminal takes pixels.
public enum GraphicsProtocol: String, Sendable, CaseIterable {
    /// kitty's graphics protocol (APC G): images kept by the terminal, animation frames.
    case kitty
    /// DEC sixel (DCS q): xterm -ti vt340, foot, mlterm, WezTerm, Konsole.
    case sixel
    /// iTerm2's inline images (OSC 1337 File=): iTerm2, WezTerm.
    case iterm2
}
