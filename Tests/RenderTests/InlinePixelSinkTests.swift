import Glibc
import Decode
import Graphics
import Picture
import Playback
import Terminal
import TestSupport
import Testing

/// `--inline` in pixels, by its bytes and by a screen that follows them: a file's picture drawn
/// where the cursor is after room was made, never by screen position; later frames over it in
/// the same place, without scrolling, on a screen whose cursor starts on the last row; the
/// cursor always back on the line below; the next file a new picture below the last.
@Suite struct InlinePixelSinkTests {
    static let cell = PixelSize(width: 10, height: 20)

    /// Plays `frames` of file 0 (then file 1's first) through a sink speaking `graphics` on a
    /// 24x12 screen whose cursor stands on its last row; returns each present's bytes, the
    /// picture's rows, and the screen.
    func play(_ graphics: GraphicsProtocol, maximum: PixelSize? = nil, nextFile: Bool = false) throws -> (
        written: [String], rows: Int, screen: PixelScreen, last: PixelPicture?
    ) {
        let terminal = PipedTerminalLink()
        let sink = InlinePixelSink(
            link: terminal.link, area: (16, 6),
            pixels: PixelOutputs(graphics: graphics, cell: Self.cell, maximum: maximum),
            background: nil, upscale: true)
        let screen = PixelScreen(columns: 24, rows: 12, cellWidth: Self.cell.width, cellHeight: Self.cell.height)
        try screen.feed(Array(String(repeating: "\n", count: 11).utf8))
        let area = sink.pictureArea(statusLine: false)
        let tile = Tile(columns: area.columns, rows: area.rows)
        let frames = PixelOutputTests.frames(width: 96, height: 64, count: 3)
        var written: [String] = []
        var rows = 0
        var last: PixelPicture?
        for (file, index) in [(0, 0), (0, 1), (0, 2)] + (nextFile ? [(1, 0)] : []) {
            let picture = sink.prepare(
                frames[index], serial: 0, change: nil, tile: tile, slot: 0, file: file, index: index)
            #expect(picture.layout.originRow == 0 && picture.layout.originColumn == 0)
            rows = picture.layout.rows
            last = picture
            sink.present([TileView(tile: tile, file: file, picture: picture)], status: nil)
            let bytes = terminal.take()
            try screen.feed(bytes)
            written.append(String(decoding: bytes, as: UTF8.self))
            // After every frame the cursor is at the start of the screen's last row.
            #expect(screen.row == 11 && screen.column == 0)
        }
        return (written, rows, screen, last)
    }

    /// Every frame: up to the picture's first row, saved, drawn from there, back to the line
    /// below; no screen position anywhere.
    func expectInPlace(_ written: [String], rows: Int) {
        for text in written {
            #expect(text.contains("\u{1B}[\(rows)A\r\u{1B}7") && text.hasSuffix("\u{1B}8\u{1B}[\(rows)B\r"))
            #expect(text.firstMatch(of: /\x1B\[\d*;?\d*H/) == nil)
        }
        // Room made with a space on each row (kitty keeps such lines on a resize).
        #expect(written[0].hasPrefix("\u{1B}[?25l" + String(repeating: " \r\n", count: rows)))
    }

    /// The screen from row `top` at the left margin shows `picture` over its cells (the last frame
    /// drawn over the earlier ones: only what changed was sent).
    func expectShows(_ screen: PixelScreen, top: Int, picture: PixelPicture) {
        let shown = screen.picture
        let width = picture.layout.columns * Self.cell.width, height = picture.layout.rows * Self.cell.height
        let expected = PixelScreen.stretch(picture.image, width: width, height: height)
        var error = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = shown[x, top * Self.cell.height + y], b = expected[x, y]
                error += abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
            }
        }
        // Sixel's dithered palette is off by about 6 a channel; a picture a row out, by over 40.
        #expect(error / (width * height * 3) < 10)
    }

    @Test func kittyFramesGoIntoOneImagePlacedAtTheSavedCursor() throws {
        let (written, rows, screen, _) = try play(.kitty, nextFile: true)
        #expect(rows > 1 && rows <= 6)
        expectInPlace(written, rows: rows)
        #expect(written[0].contains("a=T") && written[0].contains("C=1"))
        #expect(written[1].contains("a=f") && !written[1].contains("a=T"))
        let id = { (text: String) in text.firstMatch(of: /a=T,i=(\d+)/).map { String($0.1) } }
        #expect(id(written[3]) != nil && id(written[3]) != id(written[0]))
        // Room made twice, for two pictures: the screen scrolled by exactly that.
        #expect(screen.scrolls == 2 * rows)
    }

    @Test func sixelFramesAreDrawnOverTheFirstWithoutScrolling() throws {
        let (written, rows, screen, last) = try play(.sixel)
        expectInPlace(written, rows: rows)
        #expect(written.allSatisfy { $0.contains("\u{1B}P") })
        // Only the room made for the picture scrolled the screen; the frames did not.
        #expect(screen.scrolls == rows)
        expectShows(screen, top: 11 - rows, picture: try #require(last))
    }

    @Test func iTerm2FramesAreDrawnOverTheFirstWithoutScrolling() throws {
        let (written, rows, screen, last) = try play(.iterm2)
        expectInPlace(written, rows: rows)
        #expect(screen.scrolls == rows)
        expectShows(screen, top: 11 - rows, picture: try #require(last))
    }

    /// An 8x3-cell sink speaking `graphics` on a pseudo-terminal of 40x24 (so that it reads the
    /// terminal's size), small so that a frame fits the pseudo-terminal's buffer, which nothing
    /// reads meanwhile.
    private final class ResizedSink {
        let pty: PseudoTerminal
        let sink: InlinePixelSink
        private let input: CInt
        private let tile = Tile(columns: 8, rows: 3)
        private let frames = PixelOutputTests.frames(width: 96, height: 64, count: 4)

        init(_ graphics: GraphicsProtocol) throws {
            pty = try #require(PseudoTerminal(columns: 40, rows: 24))
            input = open("/dev/null", O_RDONLY)
            let link = TerminalLink(input: input, output: pty.terminal, clock: ManualClock(), pacing: false)
            sink = InlinePixelSink(
                link: link, area: (8, 3),
                pixels: PixelOutputs(graphics: graphics, cell: InlinePixelSinkTests.cell, maximum: nil),
                background: nil, upscale: true)
        }

        deinit {
            close(input)
            close(pty.terminal)
        }

        /// Frame `index` of file 0 presented: the picture, and what was written.
        func show(_ index: Int) -> (picture: PixelPicture, bytes: [UInt8]) {
            let picture = sink.prepare(
                frames[index], serial: 0, change: nil, tile: tile, slot: 0, file: 0, index: index)
            sink.present([TileView(tile: tile, file: 0, picture: picture)], status: nil)
            return (picture, pty.take())
        }

        /// The terminal made `columns` x `rows`, and the sink told, as the player tells it.
        func resize(columns: Int, rows: Int) {
            pty.resize(columns: columns, rows: rows)
            sink.refresh()
        }
    }

    /// Narrowed below the picture's width (the terminal may have rewrapped it), nothing is
    /// drawn; wide again, the current frame is sent whole (not only what changed since the last
    /// one drawn, which the terminal may have lost), in place; too short for it, the same.
    @Test func aNarrowerTerminalPausesDrawingUntilThePictureFitsAgain() throws {
        let terminal = try ResizedSink(.sixel)
        let sink = terminal.sink
        let first = terminal.show(0).picture
        #expect(first.layout.columns > 5)
        terminal.resize(columns: 5, rows: 24)
        #expect(sink.hidden && terminal.show(1).bytes.isEmpty)
        terminal.resize(columns: 40, rows: 24)
        #expect(!sink.hidden)
        // Whole: on a screen that shows nothing, the frame appears entire where it belongs.
        func expectWhole(_ shown: (picture: PixelPicture, bytes: [UInt8])) throws {
            let blank = PixelScreen(columns: 24, rows: 12, cellWidth: Self.cell.width, cellHeight: Self.cell.height)
            try blank.feed(Array(String(repeating: "\n", count: 11).utf8) + shown.bytes)
            expectShows(blank, top: 11 - shown.picture.layout.rows, picture: shown.picture)
            #expect(blank.row == 11 && blank.column == 0)
        }
        try expectWhole(terminal.show(2))
        // A resize seen only once it fits again (narrower and back between two looks): whole too.
        sink.refresh()
        try expectWhole(terminal.show(3))
        terminal.resize(columns: 40, rows: first.layout.rows)
        _ = terminal.pty.take()  // what clears the picture's rows (below)
        #expect(sink.hidden && terminal.show(0).bytes.isEmpty)
    }

    /// Too short for a sixel picture (wide enough: nothing rewrapped), the terminal pushed its
    /// top rows into the scrollback, and xterm went on showing the later frames' changed pixels
    /// there without the first image under them. The picture's rows still on the screen (all
    /// above the cursor, which stands on the last row) are cleared of sixel pixels, and the
    /// cursor stays where it was, on the line below the picture. Narrower only, nothing is
    /// cleared (rows may have been rewrapped: `aNarrowerTerminal…` sees nothing written).
    @Test func aTerminalTooShortForASixelPictureHasTheRowsLeftOfItCleared() throws {
        let terminal = try ResizedSink(.sixel)
        let rows = terminal.show(0).picture.layout.rows
        _ = terminal.show(1)
        // The screen as xterm leaves it, a row shorter than the picture and its line below:
        // pieces of the picture (red here) on every row above the cursor.
        let screen = PixelScreen(columns: 40, rows: rows, cellWidth: Self.cell.width, cellHeight: Self.cell.height)
        let red = RGBAImage(width: 400, height: (rows - 1) * Self.cell.height, fill: RGBA(r: 220, g: 30, b: 30))
        try screen.feed(ControlSequence.cursorPosition(row: 0, column: 0) + SixelEncoder().encode(red))
        try screen.feed(ControlSequence.cursorPosition(row: rows - 1, column: 0))
        terminal.resize(columns: 40, rows: rows)
        #expect(terminal.sink.hidden)
        try screen.feed(terminal.pty.take())
        let shown = screen.picture
        let left = shown.pixels.filter { $0 != .opaqueBlack }.count
        #expect(left == 0, "\(left) pixels of the picture left on the screen")
        #expect(screen.row == rows - 1 && screen.column == 0)
        // Shorter still, or tall again: nothing more is cleared, and the frame comes back whole.
        terminal.resize(columns: 40, rows: 2)
        #expect(terminal.pty.take().isEmpty)
        terminal.resize(columns: 40, rows: 24)
        #expect(!terminal.sink.hidden && terminal.show(2).bytes.count > 0)
    }

    /// kitty, after a resize: paused while narrower, then its image placed again from the
    /// cursor moved up over the picture's rows (which kept their spaces), not only a frame into
    /// an image kitty may have moved.
    @Test func kittyPlacesTheImageAgainOnceItFits() throws {
        let terminal = try ResizedSink(.kitty)
        func show(_ index: Int) -> String { String(decoding: terminal.show(index).bytes, as: UTF8.self) }
        let first = show(0)
        let rows = try #require(first.firstMatch(of: /\x1B\[(\d+)A\r\x1B7/).flatMap { Int($0.1) })
        #expect(first.contains("a=T"))
        terminal.resize(columns: 5, rows: 24)
        #expect(terminal.sink.hidden && show(1).isEmpty)
        terminal.resize(columns: 40, rows: 24)
        let again = show(2)
        #expect(again.contains("a=T") && again.contains("\u{1B}[\(rows)A\r\u{1B}7"), "\(again.debugDescription)")
    }

    /// xterm shows no sixel image over its largest: the picture is fitted within it.
    @Test func sixelPicturesStayWithinTheTerminalsLargestImage() throws {
        let (_, rows, _, _) = try play(.sixel, maximum: PixelSize(width: 100, height: 60))
        #expect(rows <= 3)
    }
}
