@testable import Decode
import Testing

/// `ChangedTiles`: the squares a GIF frame wrote, finer than its rectangle.
@Suite struct ChangedTilesTests {
    /// Marks land on the squares under the pixels, and only there, at the canvas's ragged edges too.
    @Test func marksTheSquaresUnderPixels() {
        var tiles = ChangedTiles(width: 30, height: 20)
        #expect(tiles.columns == 4 && tiles.rows == 3)
        tiles.mark(row: 9, x: 17..<18)
        #expect(tiles.anyMarked(x: 16..<24, y: 8..<16))
        #expect(tiles.anyMarked(x: 0..<30, y: 0..<20))
        #expect(!tiles.anyMarked(x: 0..<16, y: 0..<20))
        #expect(!tiles.anyMarked(x: 24..<30, y: 0..<20))
        #expect(!tiles.anyMarked(x: 16..<24, y: 0..<8))
        tiles.mark(PixelRect(x: 25, y: 17, width: 10, height: 10))
        #expect(tiles.anyMarked(x: 29..<30, y: 19..<20))
        #expect(!tiles.anyMarked(x: 24..<30, y: 0..<16))
        tiles.clear()
        #expect(!tiles.anyMarked(x: 0..<30, y: 0..<20))
    }

    /// Frames passed over hand their squares on: the change over two frames marks what either
    /// marked; where one frame changed nothing the other's squares stand; where one is known
    /// only by its rectangle, so is the sum.
    @Test func followingChangesJoinTheirSquares() {
        var first = ChangedTiles(width: 64, height: 64), second = first
        first.mark(row: 0, x: 0..<1)
        second.mark(row: 40, x: 40..<41)
        let rect = PixelRect(x: 0, y: 0, width: 64, height: 64)
        let joined = CanvasChange(since: 1, rect: rect, tiles: first).followed(
            by: CanvasChange(since: 2, rect: rect, tiles: second))
        #expect(joined.since == 1)
        #expect(joined.tiles?.anyMarked(x: 0..<8, y: 0..<8) == true)
        #expect(joined.tiles?.anyMarked(x: 40..<48, y: 40..<48) == true)
        #expect(joined.tiles?.anyMarked(x: 8..<40, y: 0..<64) == false)
        let nothing = CanvasChange(since: 1, rect: .empty).followed(
            by: CanvasChange(since: 2, rect: rect, tiles: second))
        #expect(nothing.tiles == second)
        let unknown = CanvasChange(since: 1, rect: rect).followed(by: CanvasChange(since: 2, rect: rect, tiles: second))
        #expect(unknown.tiles == nil && unknown.rect == rect)
        #expect(first.union(ChangedTiles(width: 65, height: 64)) == nil)
    }

    /// A frame as large as the canvas that writes one pixel (the rest the transparent index, as
    /// GIF encoders pad what did not move) marks that pixel's square alone; a row without the
    /// transparent index marks its whole span; disposal to the background marks its rectangle.
    @Test func gifCompositorMarksTheSquaresItWrites() {
        var compositor = GIFCompositor(width: 64, height: 32)
        var palette = GIFPalette(colorMap: nil, transparentIndex: 0)
        palette.colors[1] = RGBA(r: 255, g: 0, b: 0)
        compositor.disposePrevious()
        compositor.begin(rect: GIFRect(left: 0, top: 0, width: 64, height: 32), disposal: .keep)
        for row in 0..<32 {
            var indices = [UInt8](repeating: 0, count: 64)
            if row == 10 { indices[20] = 1 }
            indices.withUnsafeBufferPointer { compositor.draw(row: row, indices: $0, palette: palette) }
        }
        #expect(compositor.canvas[20, 10] == RGBA(r: 255, g: 0, b: 0))
        #expect(compositor.changed == PixelRect(x: 0, y: 0, width: 64, height: 32))
        let tiles = compositor.changedTiles
        #expect(tiles.anyMarked(x: 16..<24, y: 8..<16))
        #expect(!tiles.anyMarked(x: 0..<16, y: 0..<32) && !tiles.anyMarked(x: 24..<64, y: 0..<32))
        #expect(!tiles.anyMarked(x: 0..<64, y: 0..<8) && !tiles.anyMarked(x: 0..<64, y: 16..<32))

        compositor.disposePrevious()
        compositor.begin(rect: GIFRect(left: 3, top: 17, width: 10, height: 2), disposal: .background)
        let opaque = [UInt8](repeating: 1, count: 10)
        for row in 0..<2 { opaque.withUnsafeBufferPointer { compositor.draw(row: row, indices: $0, palette: palette) } }
        #expect(compositor.changedTiles.anyMarked(x: 8..<16, y: 16..<24))
        #expect(!compositor.changedTiles.anyMarked(x: 16..<64, y: 0..<32))
        #expect(!compositor.changedTiles.anyMarked(x: 0..<64, y: 0..<16))

        compositor.disposePrevious()
        #expect(compositor.changedTiles.anyMarked(x: 0..<8, y: 16..<24))
        #expect(compositor.changedTiles.anyMarked(x: 8..<16, y: 16..<24))
        #expect(!compositor.changedTiles.anyMarked(x: 16..<64, y: 0..<32))
    }
}
