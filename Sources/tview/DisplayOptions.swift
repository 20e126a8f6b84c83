import ArgumentParser
import TViewKit

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
        size.map { ($0.columns, $0.rows) } ?? TerminalWindow.outputArea(environment: environment)
    }

    /// About the most pixels a picture can be shown at, so a video clip is decoded no larger:
    /// the area's cells (`--place`, `--size`, the terminal's size, else COLUMNS x LINES) times a
    /// cell's pixels where the terminal says them, else 10x20 (more than any text cell reads,
    /// and a common cell for pixel output).
    func largestPicture(environment: [String: String]) -> (width: Int, height: Int) {
        let area: (columns: Int, rows: Int) =
            place.map { ($0.columns, $0.rows) } ?? size.map { ($0.columns, $0.rows) } ?? TerminalWindow.outputSize
            ?? TerminalWindow.outputArea(environment: environment)
        let cell = TerminalWindow.outputCellPixels ?? (10, 20)
        return (max(1, area.columns * cell.width), max(1, area.rows * cell.height))
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
}

/// `--bg auto`, `--bg #102030`, `--bg white`.
struct BackgroundColor: ExpressibleByArgument, Equatable {
    /// The colour asked for; nil for auto (the terminal's own).
    let color: RGBColor?

    static let auto = BackgroundColor(color: nil)

    init(color: RGBColor?) {
        self.color = color
    }

    init?(argument: String) {
        switch argument.lowercased() {
        case "auto": self.init(color: nil)
        case "black": self.init(color: RGBColor(red: 0, green: 0, blue: 0))
        case "white": self.init(color: RGBColor(red: 255, green: 255, blue: 255))
        default:
            let hex = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
            guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
            self.init(
                color: RGBColor(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)))
        }
    }

    /// How `--help` shows the default: as it would be typed.
    var defaultValueDescription: String {
        guard let color else { return "auto" }
        switch (color.red, color.green, color.blue) {
        case (0, 0, 0): return "black"
        case (255, 255, 255): return "white"
        default:
            return "#"
                + [color.red, color.green, color.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
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
}

/// `--pixels`.
enum PixelsChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, kitty, sixel, iterm2, none
}
