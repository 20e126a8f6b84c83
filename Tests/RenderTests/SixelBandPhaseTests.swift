@testable import Graphics
import Decode
import Picture
import TestSupport
import Testing

/// Sixel bands that start where an enlarged picture's rows start: a picture enlarged 3x whose
/// top is 4 rows into its cells has bands that split its rows from the top cell row, and bands
/// that hold two rows each from the third cell row (40 rows down). Each frame shows what a
/// whole image shows, in fewer bytes.
@Suite struct SixelBandPhaseTests {
    static let cell = PixelSize(width: 10, height: 20)

    /// 48x37 pixels of noise in 200 colours, enlarged 3x to 144x111 in 6 rows of cells (120
    /// pixels: the picture from row 4); frame 1 all new, frame 2 new from source row 20 down.
    static func pictures() -> [PixelPicture] {
        var random = SplitMix64(seed: 11)
        let palette = (0..<200).map { _ in random.opaquePixel() }
        var source = RGBAImage(width: 48, height: 37)
        var frames: [RGBAImage] = []
        for top in [0, 0, 20] {
            for y in top..<source.height {
                for x in 0..<source.width { source[x, y] = palette[Int(random.next() % 200)] }
            }
            frames.append(source)
        }
        var renderer = PixelRenderer(background: .opaqueBlack, upscale: true, terminalScales: false)
        return frames.enumerated().map { index, frame in
            renderer.render(
                frame, frame: FrameIdentity(file: 0, index: index), areaColumns: 16, areaRows: 7,
                cellWidth: cell.width, cellHeight: cell.height)
        }
    }

    @Test func bandsStartWhereThePicturesRowsStart() throws {
        let pictures = Self.pictures()
        let layout = pictures[0].layout
        #expect(layout.pictureY == 4 && layout.pictureHeight == 111 && layout.rows == 6)
        let output = SixelOutput()
        let screen = PixelScreen(columns: 16, rows: 7, cellWidth: 10, cellHeight: 20)
        let encoder = SixelEncoder()
        let picture = PixelRect(
            x: layout.pictureX, y: layout.pictureY, width: layout.pictureWidth, height: layout.pictureHeight)
        for (index, frame) in pictures.enumerated() {
            var bytes: [UInt8] = []
            output.draw(frame, into: &bytes)
            try screen.feed(bytes)
            let shown = PixelOutputTests.shown(screen, frame, cell: Self.cell)
            #expect(PixelOutputTests.largestDifference(shown, PixelOutputTests.expected(frame, cell: Self.cell)) <= 2)
            // What one image from the changes' cell row costs (how frames went out before).
            let previous = index == 0 ? nil : pictures[index - 1].image
            let top = index == 2 ? 60 : 0
            let one = encoder.encode(
                frame.image, region: PixelRect(x: 0, y: top, width: frame.image.width, height: 120 - top),
                over: previous,
                picture: picture)
            let sequences = SixelStripeTests.sequences(in: bytes)
            #expect(sequences.reduce(0, +) < one.count, "frame \(index): \(sequences) against \(one.count)")
            if index < 2 {
                // From the top: the first two cell rows alone, then the rest from row 40.
                #expect(sequences.count == 2, "frame \(index)")
            } else {
                // The changes start in cell row 3 (pixel 64): one image from cell row 2.
                #expect(sequences.count == 1)
                let fromRow2 = bytes.starts(with: ControlSequence.cursorPosition(row: 2, column: layout.originColumn))
                #expect(fromRow2, "\(String(decoding: bytes.prefix(8).dropFirst(), as: UTF8.self))")
            }
        }
        #expect(screen.errors.isEmpty)
    }

    @Test func aPictureAtItsOwnSizeKeepsOneImage() {
        // Every row differs from the one above: no phase is better, nothing moves.
        var random = SplitMix64(seed: 3)
        let image = random.opaqueCanvas(width: 40, height: 100)
        let region = PixelRect(x: 0, y: 20, width: 40, height: 80)
        let previous = random.opaqueCanvas(width: 40, height: 100)
        let phase = SixelBandPhase.choose(
            for: region, in: image, over: previous, picture: image.bounds, cellHeight: 20)
        #expect(phase.top == 20 && phase.split == nil)
    }
}
