import ArgumentParser

/// The display options as `--help` lists them; their defaults are `DisplayOptions`'s.
struct DisplayArguments: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use an area of COLS x ROWS cells instead of the terminal's size (on a pipe: COLUMNS and LINES, else 80x24).",
            valueName: "COLSxROWS"))
    var size: CellArea?

    @Option(name: .long, help: ArgumentHelp("Colours: auto, truecolor, 256, 16, 8 or mono.", valueName: "MODE"))
    var colors: ColorOption = DisplayOptions.defaults.colors

    @Flag(name: .long, help: "Ordered dithering for 256, 16, 8 colours and mono.")
    var dither = DisplayOptions.defaults.dither

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What transparency is blended over: auto (the terminal's own background, as it says; else black; kitty pictures keep their transparency for kitty to compose), #rrggbb, black or white.",
            valueName: "COLOR"))
    var bg: BackgroundColor = DisplayOptions.defaults.bg

    @Flag(name: .long, help: "Never enlarge small images.")
    var noUpscale = DisplayOptions.defaults.noUpscale

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Pixels instead of half blocks: auto (ask the terminal), kitty, sixel, iterm2 or none.",
            valueName: "MODE"))
    var pixels: PixelsChoice = DisplayOptions.defaults.pixels

    @Option(
        name: .long,
        help: ArgumentHelp("How frames reach the terminal: direct (tview's own writer) or curses.", valueName: "PATH"))
    var draw: DrawingChoice = DisplayOptions.defaults.draw

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Leave a truecolor cell as it is when its colours change by at most N per channel (0 to 64; 0: exact).",
            valueName: "N"))
    var tolerance: Int = DisplayOptions.defaults.tolerance

    @Flag(
        name: .long,
        help:
            "Do not pace frames by the terminal's answers to status queries (on a slow link, writes then block and playing falls behind)."
    )
    var noPacing = DisplayOptions.defaults.noPacing

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Show frame N (from 1) when not playing.", valueName: "N"))
    var frame: Int = DisplayOptions.defaults.frame

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Draw the picture in that rectangle of the screen (COLSxROWS cells from column X, row Y, from 0) and put the cursor back: for previewers that know where their pane is.",
            valueName: "COLSxROWS@XxY"))
    var place: PlaceArea?

    @Flag(name: .long, help: "With --place: blank the rectangle (and delete the kitty image a placement left).")
    var clear = DisplayOptions.defaults.clear

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Text cells of half blocks (2 pixels), quadrants (2x2), sextants (2x3) or octants (2x4), each with the lower and left eighth blocks unless SET-only; +wedge adds the slanted wedges (U+1FB3C–U+1FB51) that kitty, foot and VTE draw beside their sextants. Sextants, octants and wedges the terminal or its font must draw. auto: what the terminal draws (see --probe).",
            valueName: "SET"))
    var symbols: SymbolsChoice = DisplayOptions.defaults.symbols

    var options: DisplayOptions {
        DisplayOptions(
            size: size,
            colors: colors,
            dither: dither,
            bg: bg,
            noUpscale: noUpscale,
            pixels: pixels,
            draw: draw,
            tolerance: tolerance,
            noPacing: noPacing,
            frame: frame,
            place: place,
            clear: clear,
            symbols: symbols)
    }
}
