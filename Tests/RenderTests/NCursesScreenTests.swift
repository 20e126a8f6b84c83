import Graphics
import Decode
import Foundation
import TestSupport
import Testing

@testable import Picture
@testable import Playback
@testable import Terminal

/// The ncurses renderer, writing to a file as if it were an xterm-direct terminal (80x24 from
/// terminfo), read back through the emulator: after any sequence of frames the screen must show
/// exactly the last grid, and a frame identical to the last writes almost nothing. ncurses is
/// one global state, so these run one at a time.
@Suite(.serialized) struct NCursesScreenTests {
    private func makeScreen(term: String, mode: ColorMode?, drawing: NCursesScreen.DrawingPath) throws -> (
        NCursesScreen, FileHandle
    ) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tview-ncurses-\(UUID().uuidString)")
            .path
        let output = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        // A second open, so reading has its own offset.
        let reader = FileHandle(fileDescriptor: open(path, O_RDONLY), closeOnDealloc: true)
        unlink(path)
        let colors = ColorChoice.detect(requested: mode, environment: ["TERM": term], descriptor: output)
        let screen = try NCursesScreen(
            colors: colors, term: term, output: output, input: open("/dev/null", O_RDONLY), drawing: drawing)
        return (screen, reader)
    }

    private func randomGrid(_ random: inout SplitMix64, palette: [TermColor]) -> CellGrid {
        let rows = 1 + Int(random.next() % 20)
        let columns = 1 + Int(random.next() % 70)
        var grid = CellGrid(
            rows: rows, columns: columns, originRow: Int(random.next() % UInt64(24 - rows + 1)),
            originColumn: Int(random.next() % UInt64(80 - columns + 1)))
        for index in grid.cells.indices {
            grid.cells[index] = .halves(
                top: palette[Int(random.next() % UInt64(palette.count))],
                bottom: palette[Int(random.next() % UInt64(palette.count))])
        }
        return grid
    }

    private func changed(_ grid: CellGrid, _ random: inout SplitMix64, palette: [TermColor]) -> CellGrid {
        var copy = grid
        for _ in 0..<Int(random.next() % UInt64(grid.cells.count + 1)) {
            copy.cells[Int(random.next() % UInt64(copy.cells.count))] = .halves(
                top: palette[Int(random.next() % UInt64(palette.count))],
                bottom: palette[Int(random.next() % UInt64(palette.count))])
        }
        return copy
    }

    /// While the screen is up the kernel passes frames on as written (no output processing, which
    /// looked at every byte); given back (Ctrl-Z, the end), the terminal processes output again,
    /// as the shell had it, and taken again, not.
    @Test func framesGoOutAsWrittenWhileTheScreenIsUp() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        func processesOutput() -> Bool {
            var modes = termios()
            tcgetattr(pty.terminal, &modes)
            return modes.c_oflag & tcflag_t(OPOST) != 0
        }
        #expect(processesOutput())
        let screen = try NCursesScreen(
            colors: ColorChoice(mode: .truecolor, reason: "--colors truecolor", requested: true), term: "xterm-direct",
            output: pty.terminal, input: open("/dev/null", O_RDONLY))
        #expect(!processesOutput())
        screen.suspend()
        #expect(processesOutput())
        screen.resume()
        #expect(!processesOutput())
        screen.end()
        #expect(processesOutput())
        _ = pty.take()
    }

    @Test(arguments: NCursesScreen.DrawingPath.allCases)
    func aTerminalThatStopsTakingBytesIsReported(drawing: NCursesScreen.DrawingPath) throws {
        // /dev/full fails every write, as a terminal that hung up fails with EIO.
        let screen = try NCursesScreen(
            colors: ColorChoice(mode: .truecolor, reason: "--colors truecolor", requested: true), term: "xterm-direct",
            output: open("/dev/full", O_WRONLY), input: open("/dev/null", O_RDONLY), drawing: drawing)
        defer { screen.end() }
        #expect(screen.outputError == nil)
        var grid = CellGrid(rows: 2, columns: 3)
        grid.cells[0] = .halves(top: .rgb(255, 0, 0), bottom: .rgb(0, 0, 255))
        screen.present(grid, status: "status")
        #expect(screen.outputError?.code == ENOSPC)
    }

    @Test(arguments: NCursesScreen.DrawingPath.allCases)
    func truecolorFramesReachTheScreenExactly(drawing: NCursesScreen.DrawingPath) throws {
        var random = SplitMix64(seed: 42)
        let (screen, reader) = try makeScreen(term: "xterm-direct", mode: .truecolor, drawing: drawing)
        defer { screen.end() }
        #expect(screen.mode == .truecolor)
        var emulator = VirtualScreen(rows: 24, columns: 80)
        var previous: CellGrid? = nil
        for round in 0..<60 {
            // A fresh palette every few rounds, so pairs are released and redefined.
            var palette: [TermColor] = [.default]
            for _ in 0..<(3 + Int(random.next() % 40)) {
                palette.append(
                    .rgb(UInt8(16 + random.next() % 240), UInt8(random.next() % 256), UInt8(random.next() % 256)))
            }
            let grid: CellGrid
            if let previous, round % 3 != 0 {
                grid = changed(previous, &random, palette: palette)
            } else {
                grid = randomGrid(&random, palette: palette)
            }
            screen.present(grid)
            emulator.feed([UInt8](reader.readDataToEndOfFile()))
            let difference = firstDifference(
                ScreenExpectation.visible(emulator), ScreenExpectation.screen(for: grid, rows: 24, columns: 80),
                columns: 80)
            #expect(difference == nil, "round \(round)")
            #expect(emulator.unknown.isEmpty, "\(emulator.unknown)")
            previous = grid
        }
        // The same frame again: only the synchronized-update brackets.
        if let previous { screen.present(previous) }
        let repeatBytes = [UInt8](reader.readDataToEndOfFile())
        #expect(
            repeatBytes.count <= ControlSequence.beginSynchronized.count + ControlSequence.endSynchronized.count + 16)
        // A status line on the last row, then hidden again.
        var small = CellGrid(
            rows: 2, columns: 3, originRow: 1, originColumn: 1, fill: .halves(top: .rgb(200, 0, 0), bottom: .default))
        screen.present(small, status: "frame 1/2")
        emulator.feed([UInt8](reader.readDataToEndOfFile()))
        #expect(String((0..<9).map { emulator[23, $0].character }) == "frame 1/2")
        small[0, 0] = .blank
        screen.present(small, status: nil)
        emulator.feed([UInt8](reader.readDataToEndOfFile()))
        #expect(emulator[23, 0].character == " ")
        #expect(
            firstDifference(
                ScreenExpectation.visible(emulator), ScreenExpectation.screen(for: small, rows: 24, columns: 80),
                columns: 80) == nil)
    }

    @Test(arguments: NCursesScreen.DrawingPath.allCases)
    func palette256FramesReachTheScreenExactly(drawing: NCursesScreen.DrawingPath) throws {
        var random = SplitMix64(seed: 256)
        let (screen, reader) = try makeScreen(term: "xterm-256color", mode: nil, drawing: drawing)
        defer { screen.end() }
        #expect(screen.mode == .palette256)
        var emulator = VirtualScreen(rows: 24, columns: 80)
        let palette: [TermColor] = [.default] + (0..<30).map { _ in .indexed(UInt8(random.next() % 256)) }
        var grid = randomGrid(&random, palette: palette)
        for round in 0..<30 {
            screen.present(grid)
            emulator.feed([UInt8](reader.readDataToEndOfFile()))
            let difference = firstDifference(
                ScreenExpectation.visible(emulator), ScreenExpectation.screen(for: grid, rows: 24, columns: 80),
                columns: 80)
            #expect(difference == nil, "round \(round)")
            grid = round % 5 == 4 ? randomGrid(&random, palette: palette) : changed(grid, &random, palette: palette)
        }
    }

    /// The pixel sink on the ncurses screen: pictures fitted above the status line (the last row
    /// is never drawn on, so a picture cannot scroll the screen), read back by a pixel terminal;
    /// after a resize everything is sent again; `release` leaves no kitty image behind.
    @Test(arguments: ["kitty", "sixel", "iterm2"])
    func thePixelSinkDrawsAboveTheStatusLine(protocolName: String) throws {
        let (screen, reader) = try makeScreen(term: "xterm-direct", mode: .truecolor, drawing: .direct)
        defer { screen.end() }
        let outputs: [String: any GraphicsOutput] = [
            "kitty": KittyOutput(), "sixel": SixelOutput(), "iterm2": ITerm2Output(),
        ]
        let output = try #require(outputs[protocolName])
        let cell = PixelSize(width: 10, height: 20)
        let sink = PixelScreenSink(
            screen: screen, makeOutput: { _ in output }, background: .opaqueBlack, upscale: true,
            terminalScales: protocolName != "sixel", area: nil, fallbackCell: cell)
        _ = reader.readDataToEndOfFile()  // ncurses' set-up
        let pixels = PixelScreen(columns: 80, rows: 24, cellWidth: 10, cellHeight: 20)
        let frames = PixelOutputTests.frames(width: 120, height: 100)
        for (index, frame) in frames.enumerated() {
            let area = sink.pictureArea(statusLine: true)
            let tile = Tile(columns: area.columns, rows: area.rows)
            let picture = sink.prepare(frame, serial: 0, change: nil, tile: tile, slot: 0, file: 0, index: index)
            #expect(picture.layout.originRow + picture.layout.rows <= 23)
            let status = PlaybackStatus(
                name: "x.gif", frame: index + 1, frameCount: frames.count, delay: .milliseconds(40), speed: 1,
                paused: false, framesPerSecond: 25, skipped: 0)
            sink.present([TileView(tile: tile, file: 0, picture: picture)], status: status)
            let bytes = [UInt8](reader.readDataToEndOfFile())
            try pixels.feed(bytes)
            // The status line on the last row, in reverse video across it but the last column.
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("\u{1B}[24"))
            if index == 0, let name = text.range(of: "x.gif") {
                #expect(text[name.lowerBound...].prefix { $0 != "\u{1B}" }.count == 79)
            }
            let difference = PixelOutputTests.largestDifference(
                PixelOutputTests.shown(pixels, picture, cell: cell), PixelOutputTests.expected(picture, cell: cell))
            #expect(difference <= (protocolName == "sixel" ? 2 : 0), "frame \(index)")
            if index == 4 { sink.refresh() }  // as after a resize: the next frame is sent whole
        }
        #expect(pixels.errors.isEmpty)
        sink.release()
        try pixels.feed([UInt8](reader.readDataToEndOfFile()))
        #expect(pixels.kittyImages.isEmpty)
    }

    /// The gallery in pixels: each tile's picture where its tile is, read back by a pixel
    /// terminal; kitty tiles under image ids of their own; a page turned clears the screen.
    @Test(arguments: ["kitty", "sixel"])
    func pixelGalleryTilesLandInTheirTiles(protocolName: String) throws {
        let (screen, reader) = try makeScreen(term: "xterm-direct", mode: .truecolor, drawing: .direct)
        defer { screen.end() }
        let cell = PixelSize(width: 10, height: 20)
        let sink = PixelScreenSink(
            screen: screen,
            makeOutput: { slot -> any GraphicsOutput in
                if protocolName == "kitty" {
                    return KittyOutput(ids: UInt32(0x100 * (slot + 1))...UInt32(0x100 * (slot + 1) + 0xFF))
                }
                return SixelOutput()
            }, background: .opaqueBlack, upscale: true, terminalScales: protocolName == "kitty", area: nil,
            fallbackCell: cell)
        _ = reader.readDataToEndOfFile()
        let layout = GalleryLayout(screenColumns: 80, screenRows: 23, files: 2, grid: (2, 1))
        let pixels = PixelScreen(columns: 80, rows: 24, cellWidth: 10, cellHeight: 20)
        let frames = PixelOutputTests.frames(width: 120, height: 100)
        for index in 0..<4 {
            let pictures = (0..<2).map { slot in
                sink.prepare(
                    frames[index + slot], serial: 0, change: CanvasChange?.none, tile: layout.tiles[slot], slot: slot,
                    file: slot,
                    index: index)
            }
            let views = (0..<2).map { slot in
                TileView(
                    tile: layout.tiles[slot], file: slot, picture: pictures[slot], caption: "f\(slot)",
                    selected: slot == 0)
            }
            var status = PlaybackStatus(
                name: "f0", frame: 0, frameCount: nil, delay: .zero, speed: 1, paused: false, framesPerSecond: 0,
                skipped: 0)
            status.page = (0, 1, 2)
            sink.present(views, status: status)
            try pixels.feed([UInt8](reader.readDataToEndOfFile()))
            for (slot, picture) in pictures.enumerated() {
                let layoutOnScreen = picture.layout
                // Inside its tile, and showing its frame.
                #expect(layoutOnScreen.originColumn >= layout.tiles[slot].column)
                #expect(
                    layoutOnScreen.originColumn + layoutOnScreen.columns <= layout.tiles[slot].column
                        + layout.tiles[slot].width)
                let difference = PixelOutputTests.largestDifference(
                    PixelOutputTests.shown(pixels, picture, cell: cell), PixelOutputTests.expected(picture, cell: cell))
                #expect(difference <= (protocolName == "sixel" ? 51 : 0), "frame \(index) tile \(slot)")
            }
        }
        #expect(pixels.errors.isEmpty)
        if protocolName == "kitty" { #expect(pixels.kittyImages.count == 2) }
        sink.release()
        try pixels.feed([UInt8](reader.readDataToEndOfFile()))
        #expect(pixels.kittyImages.isEmpty)
    }
}
