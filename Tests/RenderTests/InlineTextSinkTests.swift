import Glibc
import Decode
import Picture
import Playback
import Terminal
import TestSupport
import Testing

/// `--inline`'s sink read back through the emulator: the picture where the cursor was, below
/// what the terminal showed; later frames change it in place by relative moves; the cursor
/// always ends at the start of the line below it; the next file goes below the last.
@Suite struct InlineTextSinkTests {
    /// The sink on a pipe (no pacing), and a way to take what it wrote.
    private static func sink(columns: Int, rows: Int) -> (InlineTextSink, () -> [UInt8]) {
        let terminal = PipedTerminalLink()
        let sink = InlineTextSink(
            link: terminal.link, builder: CellGridBuilder(mode: .truecolor), upscale: true, area: (columns, rows),
            synchronized: false, tolerance: 0)
        // The tty turns a newline into CR LF (tview leaves output processing on).
        return (sink, { terminal.take().flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } })
    }

    /// The cells a grid shows when printed as lines at the top of an empty screen.
    private static func printed(_ grid: CellGrid) -> VirtualScreen {
        var screen = VirtualScreen(rows: grid.rows + 1, columns: 40)
        screen.feed(ANSIWriter(mode: .truecolor).lines(grid).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] })
        return screen
    }

    /// What a half-block cell shows: its upper and lower colours (▀ over (a, b) is ▄ over (b, a)).
    private static func halves(_ pixel: VirtualScreen.Pixel) -> [TermColor] {
        switch pixel.character {
        case "▀": return [pixel.foreground, pixel.background]
        case "▄": return [pixel.background, pixel.foreground]
        case "█": return [pixel.foreground, pixel.foreground]
        case " ": return [pixel.background, pixel.background]
        default: return []
        }
    }

    /// Where `screen` does not show `grid` from row `top`: the cells that differ, as "row,column".
    private static func differences(_ screen: VirtualScreen, _ grid: CellGrid, at top: Int) -> [String] {
        let reference = printed(grid)
        var wrong: [String] = []
        for row in 0..<grid.rows {
            for column in 0..<grid.columns
            where Self.halves(screen[top + row, column]) != Self.halves(reference[row, column])
                || Self.halves(reference[row, column]).isEmpty
            {
                wrong.append("\(top + row),\(column)")
            }
        }
        return wrong
    }

    @Test func framesPlayInPlaceBelowTheTextAndTheNextFileGoesBelow() {
        let (sink, take) = Self.sink(columns: 16, rows: 6)
        var screen = VirtualScreen(rows: 24, columns: 40)
        screen.feed(Array("$ seq 2\r\n1\r\n2\r\n".utf8))
        let frames = PixelOutputTests.frames(width: 96, height: 64, count: 4)
        let tile = Tile(columns: 16, rows: 6)
        var grids: [CellGrid] = []
        var sizes: [Int] = []
        for (index, frame) in frames.enumerated() {
            let grid = sink.prepare(frame, serial: 0, change: nil, tile: tile, slot: 0, file: 0, index: index)
            grids.append(grid)
            sink.present([TileView(tile: tile, file: 0, picture: grid)], status: nil)
            let bytes = take()
            sizes.append(bytes.count)
            screen.feed(bytes)
            #expect(Self.differences(screen, grid, at: 3) == [], "frame \(index)")
            #expect(screen.cursor == (3 + grid.rows, 0), "frame \(index)")
        }
        #expect(grids[0].rows == 6 && grids[0].columns == 16)
        // The text above is untouched; later frames send only what changed.
        #expect((0..<7).map { screen[0, $0].character } == Array("$ seq 2"))
        #expect(screen[2, 0].character == "2")
        #expect(sizes.dropFirst().allSatisfy { $0 < sizes[0] })
        // The next file: printed below the last picture, which stays.
        let next = sink.prepare(frames[0], serial: 0, change: nil, tile: tile, slot: 0, file: 1, index: 0)
        sink.present([TileView(tile: tile, file: 1, picture: next)], status: nil)
        screen.feed(take())
        #expect(Self.differences(screen, grids[3], at: 3) == [])
        #expect(Self.differences(screen, next, at: 9) == [])
        #expect(screen.cursor == (15, 0))
        sink.finish()
        #expect(String(decoding: take(), as: UTF8.self).hasSuffix("\u{1B}[?25h"))
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
    }

    /// Narrowed below the picture's width (the terminal may have rewrapped it), nothing is
    /// drawn; wide again, the current frame is drawn whole in place (every cell: a terminal that
    /// truncated the lines lost what was cut), and playing goes on there.
    @Test func aNarrowerTerminalPausesDrawingUntilThePictureFitsAgain() throws {
        // A pseudo-terminal, so the sink can read its size.
        let pty = try #require(PseudoTerminal(columns: 40, rows: 24))
        let link = TerminalLink(
            input: open("/dev/null", O_RDONLY), output: pty.terminal, clock: ManualClock(), pacing: false)
        let sink = InlineTextSink(
            link: link, builder: CellGridBuilder(mode: .truecolor), upscale: true, area: (32, 8), synchronized: false,
            tolerance: 0)
        var screen = VirtualScreen(rows: 24, columns: 40)
        let frames = PixelOutputTests.frames(width: 96, height: 64, count: 4)
        let tile = Tile(columns: 32, rows: 8)
        func show(_ index: Int) -> (grid: CellGrid, bytes: Int) {
            let grid = sink.prepare(frames[index], serial: 0, change: nil, tile: tile, slot: 0, file: 0, index: index)
            sink.present([TileView(tile: tile, file: 0, picture: grid)], status: nil)
            let bytes = pty.take()
            screen.feed(bytes)
            return (grid, bytes.count)
        }
        let first = show(0).grid
        #expect(first.columns > 20 && screen.cursor == (first.rows, 0))
        pty.resize(columns: 20, rows: 24)
        sink.refresh()
        #expect(sink.hidden && show(1).bytes == 0)
        // As a terminal that truncated the lines shows it: the cut columns blank (erased in
        // default colours, the cursor put back below the picture).
        var truncation = "\u{1B}[0m"
        for row in 0..<first.rows { truncation += "\u{1B}[\(row + 1);21H\u{1B}[K" }
        screen.feed(Array((truncation + "\u{1B}[\(first.rows + 1);1H").utf8))
        pty.resize(columns: 40, rows: 24)
        sink.refresh()
        #expect(!sink.hidden)
        let current = show(2).grid
        #expect(Self.differences(screen, current, at: 0) == [])
        #expect(screen.cursor == (first.rows, 0))
        let next = show(3).grid
        #expect(Self.differences(screen, next, at: 0) == [])
        // Too short for it: the same.
        pty.resize(columns: 40, rows: first.rows)
        sink.refresh()
        #expect(sink.hidden)
    }
}
