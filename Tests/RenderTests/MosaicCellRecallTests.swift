import Decode
@testable import Picture
import TestSupport
import Testing

/// Cells taken back by their pixels' digest are the cells the search makes for those pixels in
/// that place: a canvas of cell-sized patches from a small set, dealt anew every frame (so
/// most cells change, and each comes back somewhere else), played frame after frame, against
/// each frame rendered afresh. In truecolor the cells are recalled; with 256 colours and
/// dithering (where a cell's colours depend on its place) they must not be.
@Suite struct MosaicCellRecallTests {
    @Test(arguments: [(ColorMode.truecolor, false), (.palette256, true)])
    func recalledCellsAreTheCellsMadeInTheirPlace(mode: ColorMode, dither: Bool) {
        var random = SplitMix64(seed: 71)
        let (columns, rows, cellWidth, cellHeight) = (20, 6, 8, 16)
        let patches = (0..<6).map { _ in (0..<(cellWidth * cellHeight)).map { _ in random.opaquePixel() } }
        var builder = CellGridBuilder(mode: mode)
        builder.dither = dither
        builder.symbols = .quadrant
        builder.eighths = true
        var playing = GridRenderer(builder: builder)
        var canvas = RGBAImage(width: columns * cellWidth, height: rows * cellHeight)
        let whole = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        var recalled = 0
        for serial in UInt64(1)...8 {
            for row in 0..<rows {
                for column in 0..<columns {
                    let patch = patches[Int(random.next() % UInt64(patches.count))]
                    for y in 0..<cellHeight {
                        for x in 0..<cellWidth {
                            canvas[column * cellWidth + x, row * cellHeight + y] = patch[y * cellWidth + x]
                        }
                    }
                }
            }
            let change = serial == 1 ? nil : CanvasChange(since: serial - 1, rect: whole)
            let grid = playing.render(
                canvas, serial: serial, change: change, columns: columns, rows: rows, cellAspect: nil)
            var fresh = GridRenderer(builder: builder)
            #expect(grid == fresh.render(canvas, columns: columns, rows: rows, cellAspect: nil), "frame \(serial)")
            if let recall = playing.recall { recalled = max(recalled, recall.filled) }
        }
        // Six patches: six cells kept, when cells are recalled at all.
        #expect(recalled == (mode == .truecolor ? patches.count : 0))
    }

    /// Two digests in one slot (the same low bits): each finds only its own cell.
    @Test func aSlotGivesBackOnlyTheCellOfItsOwnDigest() {
        let recall = MosaicCellRecall(settings: "")
        let first: UInt64 = 0x1234, second = first | 1 << 40
        let cell = Cell(glyph: .space, foreground: .default, background: .rgb(1, 2, 3))
        recall.remember(cell, for: first)
        #expect(recall.cell(for: first) == cell)
        #expect(recall.cell(for: second) == nil)
        recall.remember(.blank, for: second)
        #expect(recall.cell(for: second) == .blank && recall.cell(for: first) == nil)
    }

    @Test func onlyCanvasesOfWholeCellsAreUniform() {
        func uniform(_ width: Int, _ height: Int) -> Bool {
            MosaicGeometry(sourceWidth: width, sourceHeight: height, columns: 20, rows: 6, subcellRows: 2).uniform
        }
        #expect(uniform(160, 96))
        #expect(!uniform(150, 96))
        #expect(!uniform(160, 91))
    }
}
