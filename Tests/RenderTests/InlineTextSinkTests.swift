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

    /// Narrowed below the picture's width (the terminal may have rewrapped it), the picture is
    /// fitted to the new width and printed anew below the cursor, and plays on there: moves
    /// relative to the rewrapped one would land elsewhere (drawing used to stop for good).
    @Test func aNarrowerTerminalGetsThePictureAnewBelow() throws {
        // A pseudo-terminal, so the sink can read its size (posix_openpt's ioctls, as
        // ThrottledTerminal opens one).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_NONBLOCK)
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        try #require(
            master >= 0 && ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
        defer { close(master) }
        func resize(_ columns: Int) {
            var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        }
        resize(40)
        let output = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(output >= 0)
        let link = TerminalLink(input: open("/dev/null", O_RDONLY), output: output, clock: ManualClock(), pacing: false)
        let sink = InlineTextSink(
            link: link, builder: CellGridBuilder(mode: .truecolor), upscale: true, area: (32, 8), synchronized: false,
            tolerance: 0)
        func take() -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { return bytes }
                bytes += buffer[0..<count]
            }
        }
        var screen = VirtualScreen(rows: 24, columns: 40)
        let frames = PixelOutputTests.frames(width: 96, height: 64, count: 3)
        func show(_ index: Int) -> CellGrid {
            let area = sink.pictureArea(statusLine: false)
            let tile = Tile(columns: area.columns, rows: area.rows)
            let grid = sink.prepare(frames[index], serial: 0, change: nil, tile: tile, slot: 0, file: 0, index: index)
            sink.present([TileView(tile: tile, file: 0, picture: grid)], status: nil)
            screen.feed(take())
            return grid
        }
        let wide = show(0)
        #expect(wide.columns > 20 && screen.cursor == (wide.rows, 0))
        resize(20)
        sink.refresh()
        #expect(sink.pictureArea(statusLine: false).columns == 20)
        let narrow = show(1)
        #expect(narrow.columns <= 20)
        #expect(Self.differences(screen, narrow, at: wide.rows) == [])
        #expect(screen.cursor == (wide.rows + narrow.rows, 0))
        // And plays on in place there.
        let next = show(2)
        #expect(Self.differences(screen, next, at: wide.rows) == [])
        #expect(screen.cursor == (wide.rows + narrow.rows, 0))
        // Wider again: it goes on where it is.
        resize(40)
        sink.refresh()
        #expect(sink.pictureArea(statusLine: false).columns == 20)
    }
}
