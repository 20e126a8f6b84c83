import Decode
import Graphics
import Picture
import Playback
import Terminal
import TestSupport
import Testing

/// Text playing in a rectangle of the normal screen (`PlaybackSurface.rectangle`), read back
/// through the emulator: the picture inside the rectangle and nowhere else, what was around it
/// untouched, later frames sending only what changed, the program's cursor put back after every
/// frame, and the rectangle blanked when the picture is taken away.
@Suite struct PlacedTextSinkTests {
    @Test func framesPlayInsideTheRectangleAndLeaveTheRestAndTheCursor() {
        let terminal = PipedTerminalLink()
        let sink = PlacedTextSink(
            link: terminal.link, builder: CellGridBuilder(mode: .truecolor), upscale: true,
            rectangle: (columns: 16, rows: 6, column: 20, row: 3), synchronized: false, tolerance: 0)
        var screen = VirtualScreen(rows: 12, columns: 40)
        // Text all over the screen, and the program's cursor at (10, 5).
        for row in 0..<12 {
            screen.feed(
                ControlSequence.cursorPosition(row: row, column: 0) + Array(String(repeating: "x", count: 40).utf8))
        }
        screen.feed(ControlSequence.cursorPosition(row: 10, column: 5))
        let frames = PixelOutputTests.frames(width: 96, height: 64, count: 3)
        let tile = Tile(columns: 16, rows: 6)
        var sizes: [Int] = []
        for (index, frame) in frames.enumerated() {
            let grid = sink.prepare(frame, serial: 0, change: nil, tile: tile, slot: 0, file: 0, index: index)
            sink.present([TileView(tile: tile, file: 0, picture: grid)], status: nil)
            let bytes = terminal.take()
            sizes.append(bytes.count)
            screen.feed(bytes)
            #expect(screen.cursor == (10, 5), "frame \(index)")
            for row in 0..<12 {
                for column in 0..<40 {
                    let inside = (3..<9).contains(row) && (20..<36).contains(column)
                    let cell = screen[row, column]
                    if inside {
                        // Every cell of the rectangle is the picture's or blank: no x is left.
                        #expect(cell.character != "x", "\(row),\(column) in frame \(index)")
                    } else {
                        #expect(
                            cell.character == "x" && cell.background == .default, "\(row),\(column) in frame \(index)")
                    }
                }
            }
            // The picture's cells where the grid puts them (its right half is opaque).
            let at = screen[grid.originRow + 2, grid.originColumn + grid.columns - 2]
            #expect(at.foreground != .default || at.background != .default, "frame \(index)")
        }
        #expect(sizes.dropFirst().allSatisfy { $0 < sizes[0] }, "\(sizes)")
        sink.remove()
        screen.feed(terminal.take())
        for row in 3..<9 {
            for column in 20..<36 {
                #expect(screen[row, column].character == " " && screen[row, column].background == .default)
            }
        }
        #expect(screen[2, 20].character == "x" && screen[9, 35].character == "x" && screen.cursor == (10, 5))
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
    }
}
