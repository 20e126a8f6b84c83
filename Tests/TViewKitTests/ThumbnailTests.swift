import Decode
import Foundation
import Picture
import TestSupport
import TViewKit
import Testing

/// `Thumbnail`: a frame as text that fills its box and no more, placed text that stays in its
/// rectangle, and pixel images that fit their cells; the colours those of the picture.
@Suite struct ThumbnailTests {
    /// gif-1x1.gif is one red pixel: enlarged into the box, every cell of the picture is red.
    @Test func textFillsItsBoxInThePicturesColours() throws {
        let frame = try Animation(.file(path: RepositoryPaths.sample("gif-1x1.gif"))).frame(1)
        let text = Thumbnail.text(of: frame, columns: 6, rows: 3)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines.last == "")  // three lines, each ending in a newline
        var screen = VirtualScreen(rows: 5, columns: 10)
        screen.feed(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        var red = 0
        for row in 0..<5 {
            for column in 0..<10 {
                let cell = screen[row, column]
                guard cell.foreground != .default || cell.background != .default else { continue }
                #expect(row < 3 && column < 6, "a cell outside the box at \(row),\(column)")
                // Half blocks: the upper half in the foreground, the lower in the background.
                #expect(cell.foreground == .rgb(255, 0, 0) || cell.background == .rgb(255, 0, 0))
                red += 1
            }
        }
        #expect(red == 18, "a 1x1 picture fills the 6x3 box, a square of 6x6 half-block pixels")
        // Not enlarged: one cell.
        let small = Thumbnail.text(of: frame, columns: 6, rows: 3, style: TextStyle(enlarges: false))
        #expect(small.split(separator: "\n").count == 1)
    }

    /// Placed text blanks its rectangle, draws only inside it, puts the cursor back where it was,
    /// and opens no synchronized update (a terminal honouring mode 2026 would freeze).
    @Test func placedTextStaysInItsRectangle() throws {
        let frame = try Animation(.file(path: RepositoryPaths.sample("demo-ball.gif"))).frame(1)
        let rectangle = CellRectangle(columns: 12, rows: 5, column: 7, row: 3)
        let bytes = Thumbnail.text(of: frame, placedIn: rectangle, style: TextStyle(symbols: .quadrants))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("\u{1B}[?2026"))
        var screen = VirtualScreen(rows: 12, columns: 30)
        screen.feed(Array("\u{1B}[2;2H".utf8))
        screen.feed(bytes)
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        #expect(screen.cursor == (1, 1))
        var drawn = 0
        for row in 0..<12 {
            for column in 0..<30
            where screen[row, column].background != .default || screen[row, column].foreground != .default {
                #expect((3..<8).contains(row) && (7..<19).contains(column), "drawn at \(row),\(column)")
                drawn += 1
            }
        }
        #expect(drawn > 20)
    }

    /// A sixel for a box of 10x4 cells of 10x20 pixels is at most 100x80 pixels, and says which
    /// cells it covers within the box.
    @Test func pixelsFitTheirCells() throws {
        let frame = try Animation(.file(path: RepositoryPaths.sample("demo-ball.gif"))).frame(1)
        let image = Thumbnail.pixels(of: frame, as: .sixel, columns: 10, rows: 4, cellSize: (10, 20))
        // The image up to its string terminator (the cursor moves after it are the output's).
        let end = try #require(image.bytes.indices.first { image.bytes[$0...].starts(with: [0x1B, 0x5C]) })
        let decoded = try SixelDecoder.decode(Array(image.bytes[...(end + 1)])).image
        #expect(decoded.width <= 100 && decoded.height <= 80 && decoded.width >= 90)
        #expect(image.columns <= 10 && image.rows <= 4 && image.column + image.columns <= 10)
        // kitty: the protocol's escape, with no cursor moves of its own.
        let kitty = Thumbnail.pixels(of: frame, as: .kitty, columns: 10, rows: 4)
        #expect(kitty.bytes.starts(with: Array("\u{1B}_G".utf8)))
    }
}
