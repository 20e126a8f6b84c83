import Decode
import Picture
import Playback
import Terminal
import TestSupport
import Testing

/// `--inline` in kitty, by its bytes: a file's picture placed where the cursor is after room was
/// made, never by screen position; later frames as frames of the same image; the cursor always
/// back on the line below; the next file a new image.
@Suite struct InlineKittySinkTests {
    @Test func framesGoIntoOneImagePlacedAtTheCursor() throws {
        let terminal = PipedTerminalLink()
        let sink = InlineKittySink(
            link: terminal.link, area: (16, 6), background: nil, upscale: true,
            cell: PixelSize(width: 10, height: 20))
        func take() -> String { String(decoding: terminal.take(), as: UTF8.self) }
        let tile = Tile(columns: 16, rows: 6)
        let frames = PixelOutputTests.frames(width: 96, height: 64, count: 3)
        var written: [String] = []
        var rows = 0
        for (file, index) in [(0, 0), (0, 1), (0, 2), (1, 0)] {
            let picture = sink.prepare(
                frames[index], serial: 0, change: nil, tile: tile, slot: 0, file: file, index: index)
            #expect(picture.layout.originRow == 0 && picture.layout.originColumn == 0)
            rows = picture.layout.rows
            sink.present([TileView(tile: tile, file: file, picture: picture)], status: nil)
            written.append(take())
        }
        #expect(rows > 1 && rows <= 6)
        for text in written {
            // Up to the picture's first row and back to the line below it; no screen position.
            #expect(text.contains("\u{1B}[\(rows)A\r") && text.hasSuffix("\u{1B}[\(rows)B\r"))
            #expect(text.firstMatch(of: /\x1B\[\d+;\d+H/) == nil)
        }
        // The first frame of each file: room made, one image placed, the cursor not moved by it.
        #expect(written[0].hasPrefix("\u{1B}[?25l" + String(repeating: "\n", count: rows)))
        #expect(written[0].contains("a=T") && written[0].contains("C=1"))
        #expect(written[1].contains("a=f") && !written[1].contains("a=T"))
        let id = { (text: String) in text.firstMatch(of: /a=T,i=(\d+)/).map { String($0.1) } }
        #expect(id(written[3]) != nil && id(written[3]) != id(written[0]))
    }
}
