import Testing
import TestSupport

@testable import Decode
@testable import Picture

/// Cells worked out behind a decoder still drawing the frame (`GridRenderer.render(growing:)`)
/// are the cells of the finished frame, and the frame, once it comes, is taken as that picture.
@Suite struct GrowingRenderTests {
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func cellsMadeBehindTheDrawingAreThoseOfTheFinishedFrame(symbols: MosaicSymbols) throws {
        var random = SplitMix64(seed: 53)
        var finished = random.opaqueCanvas(width: 480, height: 270)
        for y in 100..<140 {
            for x in 0..<60 { finished[x, y] = .transparent }
        }
        var builder = CellGridBuilder(mode: .truecolor)
        builder.symbols = symbols
        builder.eighths = true
        // A decoder's canvas: transparent until each row is drawn, row by row on another thread.
        let drawing = Canvas(finished)
        let canvas = GrowingCanvas()
        canvas.begin(pixels: drawing.pixels, width: finished.width, height: finished.height)
        let worker = try #require(BackgroundWorker())
        worker.start { drawing.drawRows(showing: canvas) }
        var renderer = GridRenderer(builder: builder)
        let made = renderer.render(growing: canvas, columns: 160, rows: 47, cellAspect: 2)
        worker.wait()
        #expect(made)
        var fresh = GridRenderer(builder: builder)
        let whole = fresh.render(finished, columns: 160, rows: 47, cellAspect: 2)
        let taken = renderer.render(
            finished, serial: 7, change: CanvasChange(since: canvas.serial, rect: .empty), columns: 160, rows: 47,
            cellAspect: 2)
        #expect(taken == whole, "\(symbols)")
        // And the next frame goes on from it: only what it changed is redone.
        for y in 10..<40 {
            for x in 200..<260 { finished[x, y] = random.opaquePixel() }
        }
        let next = renderer.render(
            finished, serial: 8, change: CanvasChange(since: 7, rect: PixelRect(x: 200, y: 10, width: 60, height: 30)),
            columns: 160, rows: 47, cellAspect: 2)
        var again = GridRenderer(builder: builder)
        #expect(next == again.render(finished, columns: 160, rows: 47, cellAspect: 2))
    }

    /// Half blocks are scaled whole: nothing is done behind the decoder, and the frame renders
    /// as any other.
    @Test func halfBlocksWaitForTheFrame() {
        let canvas = GrowingCanvas()
        let pixels = [RGBA](repeating: RGBA(r: 1, g: 2, b: 3), count: 64)
        pixels.withUnsafeBufferPointer { canvas.begin(pixels: $0.baseAddress!, width: 8, height: 8) }
        canvas.finish()
        var renderer = GridRenderer(builder: CellGridBuilder(mode: .truecolor))
        let made = renderer.render(growing: canvas, columns: 4, rows: 2, cellAspect: 2)
        #expect(!made)
        _ = pixels
    }

    /// A canvas drawn a row at a time from a finished picture, each row said to be final once drawn.
    private final class Canvas: @unchecked Sendable {
        let pixels: UnsafeMutablePointer<RGBA>
        private let source: RGBAImage

        init(_ source: RGBAImage) {
            self.source = source
            pixels = .allocate(capacity: source.pixels.count)
            pixels.initialize(repeating: .transparent, count: source.pixels.count)
        }

        deinit { pixels.deallocate() }

        func drawRows(showing canvas: GrowingCanvas) {
            for row in 0..<source.height {
                for x in 0..<source.width { pixels[row * source.width + x] = source[x, row] }
                canvas.publish(rows: row + 1)
            }
            canvas.finish()
        }
    }
}
