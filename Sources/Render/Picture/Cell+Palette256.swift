extension Cell {
    /// The same picture with truecolor colours replaced by their nearest in the 256-colour
    /// palette (what tview sends while a slow link is saturated).
    public var inPalette256: Cell {
        switch glyph {
        case .upperHalf: return .halves(top: Self.reduced(foreground), bottom: Self.reduced(background))
        case .lowerHalf: return .halves(top: Self.reduced(background), bottom: Self.reduced(foreground))
        case .space, .fullBlock, .mosaic:
            return Cell(glyph: glyph, foreground: Self.reduced(foreground), background: Self.reduced(background))
        }
    }

    @inline(__always)
    private static func reduced(_ color: TermColor) -> TermColor {
        guard case .rgb(let r, let g, let b) = color else { return color }
        return .indexed(XtermPalette.nearest256(Int(r), Int(g), Int(b)))
    }
}

extension CellGrid {
    /// Every cell in the 256-colour palette (see `Cell.inPalette256`).
    public var inPalette256: CellGrid {
        var grid = self
        grid.cells = cells.map(\.inPalette256)
        return grid
    }
}
