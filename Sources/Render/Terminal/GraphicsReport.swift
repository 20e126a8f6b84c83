public import Picture

/// What a terminal said about drawing pixels when asked (`TerminalLink.queryGraphics`), and
/// which protocol tview uses for it.
public struct GraphicsReport: Sendable, Equatable {
    /// It answered the device attributes query (every terminal does; nothing else is then
    /// still on its way).
    public var answered = false
    /// Device attribute 4: sixel graphics.
    public var sixel = false
    /// It answered kitty's graphics query with OK; and kept an animation frame (kitty, not every
    /// terminal that shows kitty images does).
    public var kitty = false
    public var kittyFrames = false
    /// XTVERSION's answer, if any (`kitty(0.26.5)`, `XTerm(379)`, `WezTerm 20240203…`).
    public var terminalName: String?
    /// A cell's size in pixels, from `CSI 16 t`, or the text area's from `CSI 14 t`.
    public var cellPixels: PixelSize?
    public var areaPixels: PixelSize?

    public init() {}

    /// The protocol to use: kitty's where it answered, iTerm2's where the terminal is one that
    /// speaks it (by name or environment), else sixel where it has it; nil: half blocks.
    public func protocolToUse(environment: [String: String]) -> GraphicsProtocol? {
        if kitty { return .kitty }
        let name = (terminalName ?? "").lowercased()
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        if name.hasPrefix("iterm2") || program == "iterm.app" || environment["LC_TERMINAL"] == "iTerm2" {
            return .iterm2
        }
        if sixel { return .sixel }
        if name.hasPrefix("wezterm") || program == "wezterm" { return .iterm2 }
        return nil
    }
}
