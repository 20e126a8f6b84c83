import Decode
import Picture
import Testing
import TestSupport

@Suite struct GridRendererTests {
    /// A frame with pixels twice as tall as wide (a video frame decoded for text cells) is
    /// fitted as it is shown: the same cells as the square frame whose rows it halves, in every
    /// set and in half blocks, full screen and in a smaller area.
    @Test(arguments: [MosaicSymbols.half, .quadrant, .sextant, .octant])
    func tallPixelsAreFittedAsShown(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 37)
        let (width, height) = (160, 48)
        var tall = RGBAImage(width: width, height: height)
        var square = RGBAImage(width: width, height: 2 * height)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = random.opaquePixel()
                tall[x, y] = pixel
                square[x, 2 * y] = pixel
                square[x, 2 * y + 1] = pixel
            }
        }
        tall.pixelAspect = 2
        var builder = CellGridBuilder(mode: .truecolor)
        builder.symbols = symbols
        builder.eighths = symbols != .half
        for (columns, rows) in [(20, 12), (37, 9)] {
            var tallRenderer = GridRenderer(builder: builder), squareRenderer = GridRenderer(builder: builder)
            let fromTall = tallRenderer.render(tall, columns: columns, rows: rows, cellAspect: 2)
            let fromSquare = squareRenderer.render(square, columns: columns, rows: rows, cellAspect: 2)
            #expect(fromTall.rows == fromSquare.rows && fromTall.columns == fromSquare.columns)
            #expect(fromTall.originRow == fromSquare.originRow)
            #expect(fromTall == fromSquare, "\(symbols) at \(columns)x\(rows)")
        }
    }

    /// A clip is decoded at twice the samples its cells read (the last halving in linear light),
    /// or with eighth blocks at 4x8 (eight rows for the lower eighths), with pixels shaped so the
    /// picture keeps its shape: 160x48 cells of 1:2, and of 1:2.2. Mono reads sub-cells alone,
    /// eighth blocks or not.
    @Test func clipsAreDecodedAtTheSamplesTheirCellsRead() {
        let expected: [(MosaicSymbols, Bool, ColorMode, Double, FrameBound)] = [
            (.half, false, .truecolor, 2, FrameBound(width: 320, height: 192, pixelAspect: 1)),
            (.quadrant, false, .truecolor, 2, FrameBound(width: 640, height: 192, pixelAspect: 2)),
            (.sextant, false, .truecolor, 2, FrameBound(width: 640, height: 288, pixelAspect: 4.0 / 3)),
            (.octant, false, .truecolor, 2, FrameBound(width: 640, height: 384, pixelAspect: 1)),
            (.quadrant, true, .truecolor, 2, FrameBound(width: 640, height: 384, pixelAspect: 1)),
            (.octant, true, .palette256, 2, FrameBound(width: 640, height: 384, pixelAspect: 1)),
            (.quadrant, true, .mono, 2, FrameBound(width: 640, height: 192, pixelAspect: 2)),
            (.quadrant, true, .truecolor, 2.2, FrameBound(width: 640, height: 384, pixelAspect: 1.1)),
            (.half, false, .truecolor, 2.2, FrameBound(width: 320, height: 192, pixelAspect: 1.1)),
        ]
        for (symbols, eighths, mode, cellAspect, bound) in expected {
            var builder = CellGridBuilder(mode: mode)
            builder.symbols = symbols
            builder.eighths = eighths
            let made = GridRenderer.decodeBound(columns: 160, rows: 48, cellAspect: cellAspect, builder: builder)
            #expect(made.width == bound.width && made.height == bound.height, "\(symbols) \(eighths) \(mode)")
            #expect(abs(made.pixelAspect - bound.pixelAspect) < 1e-9, "\(symbols) \(eighths) \(mode) \(cellAspect)")
        }
    }

    /// Mosaic cells redone only where a frame changed (by its rectangle and the squares it wrote,
    /// or by the digest of a cell's pixels when the frame says nothing) are, cell for cell, what a fresh renderer makes
    /// of the whole frame: random canvases (opaque, and with transparency), random rectangles
    /// (empty, one pixel, everything), enlarged and reduced, every set with and without eighths.
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func changedCellsEqualAFreshRender(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 31)
        func pixel(transparency: Bool) -> RGBA {
            let value = random.next()
            let alpha: UInt8 =
                !transparency || value & 3 != 0 ? 255 : (value & 4 == 0 ? 0 : UInt8(truncatingIfNeeded: value >> 40))
            return RGBA(
                r: UInt8(truncatingIfNeeded: value >> 8), g: UInt8(truncatingIfNeeded: value >> 16),
                b: UInt8(truncatingIfNeeded: value >> 24), a: alpha)
        }
        for (width, height, columns, rows) in [(97, 61, 20, 8), (30, 17, 40, 12), (240, 135, 40, 12)] {
            for (eighths, transparency) in [(true, false), (false, false), (true, true)] {
                var builder = CellGridBuilder(mode: .truecolor)
                builder.symbols = symbols
                builder.eighths = eighths
                var playing = GridRenderer(builder: builder)
                var canvas = RGBAImage(width: width, height: height)
                for y in 0..<height { for x in 0..<width { canvas[x, y] = pixel(transparency: transparency) } }
                var serial: UInt64 = 1
                _ = playing.render(canvas, serial: serial, change: nil, columns: columns, rows: rows, cellAspect: nil)
                for round in 0..<8 {
                    let x = Int(random.next() % UInt64(width)), y = Int(random.next() % UInt64(height))
                    var rect = PixelRect(
                        x: x, y: y, width: 1 + Int(random.next() % UInt64(min(12, width - x))),
                        height: 1 + Int(random.next() % UInt64(min(12, height - y))))
                    if round == 0 { rect = .empty }
                    if round == 1 { rect = PixelRect(x: x, y: y, width: 1, height: 1) }
                    if round == 2 { rect = PixelRect(x: 0, y: 0, width: width, height: height) }
                    var tiles = ChangedTiles(width: width, height: height)
                    for py in rect.y..<rect.maxY where random.next() % 2 == 0 {
                        for px in rect.x..<rect.maxX { canvas[px, py] = pixel(transparency: transparency) }
                        tiles.mark(row: py, x: rect.x..<rect.maxX)
                    }
                    // Every other frame says what changed, most of them square by square too (the
                    // rows written: half of the rectangle's); the rest leave it to the digests.
                    let change =
                        round % 2 == 0 ? CanvasChange(since: serial, rect: rect, tiles: round == 6 ? nil : tiles) : nil
                    serial += 1
                    let redone = playing.render(
                        canvas, serial: serial, change: change, columns: columns, rows: rows, cellAspect: nil)
                    var fresh = GridRenderer(builder: builder)
                    let whole = fresh.render(canvas, columns: columns, rows: rows, cellAspect: nil)
                    #expect(redone == whole, "\(width)x\(height) at \(columns)x\(rows), round \(round)")
                }
            }
        }
    }
}
