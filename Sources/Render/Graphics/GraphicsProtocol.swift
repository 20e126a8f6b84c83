/// The ways a terminal takes pixels.
public enum GraphicsProtocol: String, Sendable, CaseIterable {
    /// kitty's graphics protocol (APC G): images kept by the terminal, animation frames.
    case kitty
    /// DEC sixel (DCS q): xterm -ti vt340, foot, mlterm, WezTerm, Konsole.
    case sixel
    /// iTerm2's inline images (OSC 1337 File=): iTerm2, WezTerm.
    case iterm2
}

extension GraphicsProtocol {
    /// The terminal enlarges what it is sent (kitty, iTerm2); sixel is shown pixel for pixel, so
    /// it is never enlarged (that would cost the factor squared in bytes).
    public var terminalScales: Bool { self != .sixel }

    /// The terminal composes a picture's transparency over its own background, and a frame's
    /// pixels replace the last frame's (kitty: `a=f` with `X=1` and `C=1`), so nothing of
    /// earlier frames shows through: transparency can be sent as it is, right on any background
    /// and where nothing says what it is (tmux does not answer OSC 11). Sixel has no alpha;
    /// iTerm2's images are not sent with it, as no terminal here shows what iTerm2 does with it.
    public var composesTransparency: Bool { self == .kitty }

    /// The output that speaks it (kitty: keeping animation frames, whole screen).
    public func output() -> any GraphicsOutput {
        switch self {
        case .kitty: return KittyOutput()
        case .sixel: return SixelOutput()
        case .iterm2: return ITerm2Output()
        }
    }
}
