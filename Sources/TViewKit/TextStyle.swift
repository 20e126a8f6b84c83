internal import Picture
internal import Terminal

/// How a frame is drawn as text: its colours, symbols and what transparency shows over.
public struct TextStyle: Sendable, Equatable {
    /// The colours the cells use.
    public var colors: TextColors
    /// The cells' shapes.
    public var symbols: TextSymbols
    /// The lower and left eighth blocks (▁…▇, ▏…▉) with a mosaic set, for finer edges; half
    /// blocks have none.
    public var eighthBlocks: Bool
    /// The slanted wedges (U+1FB3C–U+1FB67) beside sextants or octants, where the terminal draws
    /// them.
    public var wedges: Bool
    /// What transparent pixels are blended over; nil: black.
    public var background: RGBColor?
    /// Ordered dithering in the indexed colour modes (256, 16, 8 colours).
    public var dither: Bool
    /// A picture smaller than its box is enlarged by a whole factor (false: shown at its size).
    public var enlarges: Bool

    /// A style; the defaults are what `tview FILE > out.txt` writes.
    /// - Parameters:
    ///   - colors: the colours the cells use.
    ///   - symbols: the cells' shapes.
    ///   - eighthBlocks: the eighth blocks with a mosaic set.
    ///   - wedges: the slanted wedges beside sextants or octants.
    ///   - background: what transparent pixels are blended over; nil: black.
    ///   - dither: ordered dithering in the indexed colour modes.
    ///   - enlarges: a picture smaller than its box is enlarged by a whole factor.
    public init(
        colors: TextColors = .truecolor, symbols: TextSymbols = .halfBlocks, eighthBlocks: Bool = true,
        wedges: Bool = false, background: RGBColor? = nil, dither: Bool = false, enlarges: Bool = true
    ) {
        self.colors = colors
        self.symbols = symbols
        self.eighthBlocks = eighthBlocks
        self.wedges = wedges
        self.background = background
        self.dither = dither
        self.enlarges = enlarges
    }

    /// The cell builder these choices make: the request's rules, with every choice made here
    /// (black under transparency unless a background is given).
    var builder: CellGridBuilder {
        PictureRequest(
            symbols: symbols.mosaic, symbolsAlone: !eighthBlocks, wedges: wedges, background: background?.rgba,
            dither: dither, upscale: enlarges
        ).builder(mode: colors.mode)
    }
}
