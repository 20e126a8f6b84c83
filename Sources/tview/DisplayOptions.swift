import ArgumentParser
import TViewKit

/// How pictures are fitted and coloured, shared by the terminal and the pipe output: the
/// display options as `--help` lists them.
struct DisplayOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use an area of COLS x ROWS cells instead of the terminal's size (on a pipe: COLUMNS and LINES, else 80x24).",
            valueName: "COLSxROWS"))
    var size: CellArea?

    @Option(name: .long, help: ArgumentHelp("Colours: auto, truecolor, 256, 16, 8 or mono.", valueName: "MODE"))
    var colors: ColorOption = .auto

    @Flag(name: .long, help: "Ordered dithering for 256, 16, 8 colours and mono.")
    var dither = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What transparency is blended over: auto (the terminal's own background, as it says; else black; kitty pictures keep their transparency for kitty to compose), #rrggbb, black or white.",
            valueName: "COLOR"))
    var bg: BackgroundColor = .auto

    @Flag(name: .long, help: "Never enlarge small images.")
    var noUpscale = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Pixels instead of half blocks: auto (ask the terminal), kitty, sixel, iterm2 or none.",
            valueName: "MODE"))
    var pixels: PixelsChoice = .auto

    @Option(
        name: .long,
        help: ArgumentHelp("How frames reach the terminal: direct (tview's own writer) or curses.", valueName: "PATH"))
    var draw: DrawingChoice = .direct

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Leave a truecolor cell as it is when its colours change by at most N per channel (0 to 64; 0: exact).",
            valueName: "N"))
    var tolerance: Int = 4

    @Flag(
        name: .long,
        help:
            "Do not pace frames by the terminal's answers to status queries (on a slow link, writes then block and playing falls behind)."
    )
    var noPacing = false

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Show frame N (from 1) when not playing.", valueName: "N"))
    var frame: Int = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Draw the picture in that rectangle of the screen (COLSxROWS cells from column X, row Y, from 0) and put the cursor back: for previewers that know where their pane is.",
            valueName: "COLSxROWS@XxY"))
    var place: PlaceArea?

    @Flag(name: .long, help: "With --place: blank the rectangle (and delete the kitty image a placement left).")
    var clear = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Text cells of half blocks (2 pixels), quadrants (2x2), sextants (2x3) or octants (2x4), each with the lower and left eighth blocks unless SET-only; +wedge adds the slanted wedges (U+1FB3C–U+1FB51) that kitty, foot and VTE draw beside their sextants. Sextants, octants and wedges the terminal or its font must draw. auto: what the terminal draws (see --probe).",
            valueName: "SET"))
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
