public import Decode
public import Picture

/// What a terminal answered to tview's round of questions at start-up
/// (`TerminalLink.askTerminal`): pixels, its name, cell size, synchronized output, colours; and
/// to the second round a sixel terminal gets (`TerminalLink.askSixelMaximum`).
public struct TerminalAnswers: Sendable, Equatable {
    /// It answered the device attributes query, asked last (every terminal answers it, after
    /// the others: nothing else is then still on its way).
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
    /// DECRPM's state for synchronized output (mode 2026): 1 or 2 it knows the mode (set or
    /// reset), 3 or 4 permanently, 0 it does not know it; nil: no answer.
    public var synchronizedOutputState: Int?
    /// The terminal's background and foreground colours (OSC 11 and 10), if it said.
    public var background: RGBA?
    public var foreground: RGBA?
    /// The largest sixel image the terminal shows (XTSMGRAPHICS), if it said; asked only where
    /// pictures go as sixel (`TerminalProfile.asksSixelMaximum`).
    public var sixelMaximum: PixelSize?
    public var sixelMaximumAsked = false

    public init() {}

    /// The terminal said it knows synchronized output (DECRPM 1 to 4).
    public var knowsSynchronizedOutput: Bool { (1...4).contains(synchronizedOutputState ?? 0) }
}
