import Graphics
import ArgumentParser
import Decode
import Picture
import Terminal

/// How pictures are fitted and coloured, shared by the terminal and the pipe output: what
/// `DisplayArguments` parses or `QuickCommandLine` reads.
struct DisplayOptions: Equatable {
    static let defaults = DisplayOptions()

    var size: CellArea?
    var colors: ColorOption = .auto
    var dither = false
    var bg: BackgroundColor = .auto
    var noUpscale = false
    var pixels: PixelsChoice = .auto
    var draw: DrawingChoice = .direct
    var tolerance = 4
    var noPacing = false
    var frame = 1
    var place: PlaceArea?
    var clear = false
    var symbols: SymbolsChoice = .auto

    /// What is wrong with these options together, for a usage error; nil when nothing is.
    var problem: String? {
        guard frame >= 1 else { return "--frame counts from 1" }
        guard (0...64).contains(tolerance) else { return "--tolerance takes 0 to 64" }
        if clear && place == nil { return "--clear goes with --place (the rectangle to blank)" }
        return nil
    }

    /// The area for output that is not a terminal: `--size`, else COLUMNS x LINES, else 80x24.
    func pipeArea(environment: [String: String]) -> (columns: Int, rows: Int) {
        size.map { ($0.columns, $0.rows) } ?? TerminalSize.forPipe(environment: environment)
    }

    /// The colours for output that is not a terminal.
    func pipeMode(environment: [String: String]) -> ColorMode {
        ColorChoice.forPipe(requested: colors.mode, environment: environment).mode
    }

    /// What these options ask of pictures (the sinks are built from it and the terminal's
    /// profile).
    var request: PictureRequest {
        PictureRequest(
            symbols: symbols.symbols, symbolsAlone: symbols.alone, wedges: symbols.wedges, background: bg.color,
            dither: dither,
            upscale: !noUpscale, area: size.map { ($0.columns, $0.rows) }, tolerance: tolerance)
    }
}

/// `--size 80x24`.
struct CellArea: ExpressibleByArgument, Equatable {
    let columns: Int
    let rows: Int

    init?(argument: String) {
        guard let (columns, rows) = Dimensions.parse(argument, widths: 1...4000, heights: 1...2000) else { return nil }
        self.columns = columns
        self.rows = rows
    }
}

/// `--colors`.
enum ColorOption: String, ExpressibleByArgument, CaseIterable {
    case auto, truecolor
    case c256 = "256"
    case c16 = "16"
    case c8 = "8"
    case mono

    /// The mode asked for, or nil for auto.
    var mode: ColorMode? {
        switch self {
        case .auto: return nil
        case .truecolor: return .truecolor
        case .c256: return .palette256
        case .c16: return .palette16
        case .c8: return .palette8
        case .mono: return .mono
        }
    }
}

/// `--bg auto`, `--bg #102030`, `--bg white`.
struct BackgroundColor: ExpressibleByArgument, Equatable {
    /// The colour asked for; nil for auto (the terminal's own).
    let color: RGBA?

    static let auto = BackgroundColor(color: nil)

    init(color: RGBA?) {
        self.color = color
    }

    init?(argument: String) {
        switch argument.lowercased() {
        case "auto": self.init(color: nil)
        case "black": self.init(color: RGBA(r: 0, g: 0, b: 0))
        case "white": self.init(color: RGBA(r: 255, g: 255, b: 255))
        default:
            let hex = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
            guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
            self.init(color: RGBA(r: UInt8(value >> 16), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF)))
        }
    }

    /// How `--help` shows the default: as it would be typed.
    var defaultValueDescription: String {
        guard let color else { return "auto" }
        switch (color.r, color.g, color.b) {
        case (0, 0, 0): return "black"
        case (255, 255, 255): return "white"
        default: return "#" + [color.r, color.g, color.b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }
}

/// `--symbols`: a set with the eighth blocks (▁…▇, ▏…▉), or alone (`-only`, as chafa's sets).
enum SymbolsChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, half, quad, sextant, octant
    case quadOnly = "quad-only"
    case sextantOnly = "sextant-only"
    case octantOnly = "octant-only"
    case sextantWedge = "sextant+wedge"
    case octantWedge = "octant+wedge"

    /// The set asked for; nil for auto (the terminal profile's, half blocks on a pipe).
    var symbols: MosaicSymbols? {
        switch self {
        case .auto: return nil
        case .half: return .half
        case .quad, .quadOnly: return .quadrant
        case .sextant, .sextantOnly, .sextantWedge: return .sextant
        case .octant, .octantOnly, .octantWedge: return .octant
        }
    }

    /// The smooth-mosaic wedges too (`+wedge`); nil for auto (if the terminal draws them).
    var wedges: Bool? {
        switch self {
        case .auto: return nil
        case .sextantWedge, .octantWedge: return true
        default: return false
        }
    }

    /// The set alone, without the eighth blocks (half blocks have none in any case).
    var alone: Bool {
        switch self {
        case .quadOnly, .sextantOnly, .octantOnly: return true
        case .auto, .half, .quad, .sextant, .octant, .sextantWedge, .octantWedge: return false
        }
    }
}

/// `--draw`.
enum DrawingChoice: String, ExpressibleByArgument, CaseIterable {
    case direct, curses

    var path: NCursesScreen.DrawingPath {
        self == .direct ? .direct : .curses
    }
}

/// `--pixels`.
enum PixelsChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, kitty, sixel, iterm2, none

    /// The protocol asked for; nil for auto and none.
    var graphicsProtocol: GraphicsProtocol? {
        switch self {
        case .kitty: return .kitty
        case .sixel: return .sixel
        case .iterm2: return .iterm2
        case .auto, .none: return nil
        }
    }
}
