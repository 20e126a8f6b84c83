/// One terminal cell: a glyph and its two colours.
public struct Cell: Sendable, Equatable, Hashable {
    public var glyph: Glyph
    public var foreground: TermColor
    public var background: TermColor

    public init(glyph: Glyph, foreground: TermColor, background: TermColor) {
        self.glyph = glyph
        self.foreground = foreground
        self.background = background
    }

    /// An empty cell: the terminal's own background.
    public static let blank = Cell(glyph: .space, foreground: .default, background: .default)

    /// The same picture with the other half block: ▀ over (a, b) shows as ▄ over (b, a).
    public var flipped: Cell {
        switch glyph {
        case .upperHalf: return Cell(glyph: .lowerHalf, foreground: background, background: foreground)
        case .lowerHalf: return Cell(glyph: .upperHalf, foreground: background, background: foreground)
        case .space, .fullBlock, .mosaic: return self
        }
    }

    /// The cell that shows `top` over `bottom` with the fewest colours: a space when both are
    /// the same, ▄ when only the bottom has a colour of its own.
    public static func halves(top: TermColor, bottom: TermColor) -> Cell {
        if top == bottom { return Cell(glyph: .space, foreground: .default, background: top) }
        if top == .default { return Cell(glyph: .lowerHalf, foreground: bottom, background: .default) }
        return Cell(glyph: .upperHalf, foreground: top, background: bottom)
    }
}
