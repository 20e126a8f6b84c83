internal import Decode
internal import Graphics
internal import Picture
internal import Terminal

/// How pictures are drawn in the terminal. What is left nil is decided by asking the terminal
/// (its colours, the symbols it draws, its background).
public struct PictureOptions: Sendable {
    /// The text colours; nil: what the terminal takes (`COLORTERM`, terminfo, its answers).
    public var colors: TextColors?
    /// The text symbols; nil: the finest the terminal draws.
    public var symbols: TextSymbols?
    /// The eighth blocks with a mosaic set (false: the set alone).
    public var eighthBlocks: Bool
    /// The slanted wedges with sextants or octants; nil: where the terminal draws them.
    public var wedges: Bool?
    /// What transparency is blended over; nil: the terminal's own background.
    public var background: RGBColor?
    /// Ordered dithering in the indexed colour modes.
    public var dither: Bool
    /// A picture smaller than its area is enlarged by a whole factor.
    public var enlarges: Bool
    /// Cells the pictures may take, at most; nil: the whole terminal (full screen, a gallery) or
    /// its width less a row (inline).
    public var area: (columns: Int, rows: Int)?
    /// Truecolor cells whose colours change by at most this much a channel are not redrawn.
    public var tolerance: Int
    /// Real pixels or text.
    public var pixels: PixelChoice
    /// Frames wait for the terminal to have shown the earlier ones (a status query after each),
    /// so a slow link skips frames instead of falling behind.
    public var pacing: Bool
    /// Text drawn through ncurses' own updates instead of tview's (for comparison).
    public var drawsThroughCurses: Bool

    /// Options; the defaults leave every choice to the terminal.
    /// - Parameters:
    ///   - colors: the text colours; nil: what the terminal takes.
    ///   - symbols: the text symbols; nil: the finest the terminal draws.
    ///   - eighthBlocks: the eighth blocks with a mosaic set.
    ///   - wedges: the slanted wedges; nil: where the terminal draws them.
    ///   - background: what transparency is blended over; nil: the terminal's background.
    ///   - dither: ordered dithering in the indexed colour modes.
    ///   - enlarges: a picture smaller than its area is enlarged by a whole factor.
    ///   - area: cells the pictures may take, at most; nil: as the surface has it.
    ///   - tolerance: truecolor cells changing by at most this much a channel are not redrawn.
    ///   - pixels: real pixels or text.
    ///   - pacing: frames wait for the terminal to have shown the earlier ones.
    ///   - drawsThroughCurses: text drawn through ncurses' own updates.
    public init(
        colors: TextColors? = nil, symbols: TextSymbols? = nil, eighthBlocks: Bool = true, wedges: Bool? = nil,
        background: RGBColor? = nil, dither: Bool = false, enlarges: Bool = true,
        area: (columns: Int, rows: Int)? = nil, tolerance: Int = 4, pixels: PixelChoice = .auto,
        pacing: Bool = true, drawsThroughCurses: Bool = false
    ) {
        self.colors = colors
        self.symbols = symbols
        self.eighthBlocks = eighthBlocks
        self.wedges = wedges
        self.background = background
        self.dither = dither
        self.enlarges = enlarges
        self.area = area
        self.tolerance = tolerance
        self.pixels = pixels
        self.pacing = pacing
        self.drawsThroughCurses = drawsThroughCurses
    }

    /// What the sinks are built from, with the terminal's profile.
    var request: PictureRequest {
        PictureRequest(
            symbols: symbols?.mosaic, symbolsAlone: !eighthBlocks, wedges: wedges, background: background?.rgba,
            dither: dither, upscale: enlarges, area: area, tolerance: tolerance)
    }

    /// How a still frame is drawn as text in `colors` where no terminal is asked (a pipe, a
    /// placed picture): the symbols asked for, else half blocks; the wedges only when asked for;
    /// transparency over the background asked for, else black.
    /// - Parameter colors: the colours to use (on a pipe, ``TextColors/forOutput(environment:)``).
    public func textStyle(colors: TextColors) -> TextStyle {
        TextStyle(
            colors: colors, symbols: symbols ?? .halfBlocks, eighthBlocks: eighthBlocks, wedges: wedges ?? false,
            background: background, dither: dither, enlarges: enlarges)
    }

    /// The protocol asked for by name, if one was.
    var requestedProtocol: GraphicsProtocol? {
        if case .only(let named) = pixels { return named.graphics }
        return nil
    }

    /// Whether pictures may go out as pixels at all.
    var pixelsAllowed: Bool { pixels != .none }
}
