public import Decode
public import Graphics
public import Picture

/// What the command line asks of pictures, whatever they go to: the symbol set, the background
/// transparency is blended over, dithering, upscaling, an area smaller than the screen, the
/// colour tolerance. The sinks are built from it and the terminal's profile; on a pipe, where no
/// terminal can be asked, it decides alone.
public struct PictureRequest: Sendable {
    /// The symbol set asked for; nil: the terminal's (half blocks on a pipe).
    public var symbols: MosaicSymbols?
    /// The set without the eighth blocks (`quad-only` and the like, as chafa's sets).
    public var symbolsAlone: Bool
    /// The smooth-mosaic wedges with sextants or octants (`sextant+wedge`); nil: if the terminal
    /// draws them, when the set is the terminal's too.
    public var wedges: Bool?
    /// What transparency is blended over; nil: the terminal's own background, else black (and
    /// kitty composes it itself).
    public var background: RGBA?
    public var dither: Bool
    public var upscale: Bool
    /// An area smaller than the screen (`--size`).
    public var area: (columns: Int, rows: Int)?
    /// Truecolor cells that change by at most this much per channel are not redrawn.
    public var tolerance: Int

    public init(
        symbols: MosaicSymbols? = nil, symbolsAlone: Bool = false, wedges: Bool? = nil, background: RGBA? = nil,
        dither: Bool = false,
        upscale: Bool = true, area: (columns: Int, rows: Int)? = nil, tolerance: Int = 0
    ) {
        self.symbols = symbols
        self.symbolsAlone = symbolsAlone
        self.wedges = wedges
        self.background = background
        self.dither = dither
        self.upscale = upscale
        self.area = area
        self.tolerance = tolerance
    }

    /// What transparency is blended over: the colour asked for, else the terminal's background
    /// (`terminal`, as it answered OSC 11), else black.
    public func background(terminal: RGBA? = nil) -> RGBA {
        background ?? terminal ?? RGBA(r: 0, g: 0, b: 0)
    }

    /// What transparency in pictures sent as `graphics` is blended over: nil (sent as it is)
    /// when the terminal composes it and no colour was asked for.
    public func pixelBackground(graphics: GraphicsProtocol, terminal: RGBA? = nil) -> RGBA? {
        background == nil && graphics.composesTransparency ? nil : background(terminal: terminal)
    }

    /// Cells in `mode`, of the symbols asked for, else `terminalSymbols`; with the eighth blocks
    /// as `TerminalProfile.eighthBlocks` decides; sextants and octants with the wedges when asked for, or when the
    /// terminal draws them (`terminalWedges`) and its set is used.
    public func builder(
        mode: ColorMode, terminalSymbols: MosaicSymbols = .half, terminalWedges: Bool = false,
        terminalBackground: RGBA? = nil
    ) -> CellGridBuilder {
        let shown = background(terminal: terminalBackground)
        var builder = CellGridBuilder(mode: mode, background: (shown.r, shown.g, shown.b), dither: dither)
        builder.symbols = symbols ?? terminalSymbols
        builder.eighths = TerminalProfile.eighthBlocks(with: builder.symbols, alone: symbolsAlone)
        builder.wedges = wedges ?? (symbols == nil && terminalWedges)
        return builder
    }
}
