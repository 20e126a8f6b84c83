import Decode
import Picture
import Testing
import TestSupport

/// Frames of a lossy clip (`RGBAImage.codingNoise`): cells whose pixels stay within the noise of
/// those they were made from are kept; any that move further are made again, exactly as from
/// scratch; a slow fade is measured from where the cell was made, not from the frame before.
@Suite struct MosaicCellMemoryTests {
    /// Cells of 4x8 canvas pixels (a clip decoded for eighth blocks) and of uneven shares.
    static let sizes = [(width: 80, height: 48, columns: 20, rows: 6), (width: 97, height: 61, columns: 23, rows: 7)]

    private static func builder(_ symbols: MosaicSymbols) -> CellGridBuilder {
        var builder = CellGridBuilder(mode: .truecolor)
        builder.symbols = symbols
        builder.eighths = true
        return builder
    }

    private static func picture(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                // Away from 0 and 255, so noise either way stays a byte.
                var pixel = random.opaquePixel()
                pixel.r = 8 + pixel.r / 2
                pixel.g = 8 + pixel.g / 2
                pixel.b = 8 + pixel.b / 2
                image[x, y] = pixel
            }
        }
        image.codingNoise = 3
        return image
    }

    /// `image` with every channel of every pixel moved by `step(x, y)`.
    private static func moved(_ image: RGBAImage, _ step: (Int, Int) -> Int) -> RGBAImage {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let s = step(x, y)
                var pixel = image[x, y]
                pixel.r = UInt8(Int(pixel.r) + s)
                pixel.g = UInt8(Int(pixel.g) + s)
                pixel.b = UInt8(Int(pixel.b) - s)
                out[x, y] = pixel
            }
        }
        return out
    }

    private static func fresh(_ image: RGBAImage, _ symbols: MosaicSymbols, columns: Int, rows: Int) -> CellGrid {
        var renderer = GridRenderer(builder: builder(symbols))
        return renderer.render(image, columns: columns, rows: rows, cellAspect: 2)
    }

    /// Noise of up to 3 levels everywhere keeps every cell; the same frame without a noise level
    /// is drawn again (so the kept grid is not just what the noise would give anyway).
    @Test(arguments: [MosaicSymbols.quadrant, .octant])
    func noiseWithinTheLevelKeepsTheCells(symbols: MosaicSymbols) {
        for size in Self.sizes {
            let first = Self.picture(width: size.width, height: size.height, seed: 5)
            var random = SplitMix64(seed: 6)
            let noisy = Self.moved(first) { _, _ in Int(random.next() % 7) - 3 }
            var renderer = GridRenderer(builder: Self.builder(symbols))
            let shown = renderer.render(first, columns: size.columns, rows: size.rows, cellAspect: 2)
            let kept = renderer.render(noisy, columns: size.columns, rows: size.rows, cellAspect: 2)
            let keptAll = kept == shown
            #expect(keptAll, "\(symbols) \(size)")
            var exact = noisy
            exact.codingNoise = 0
            let redrawn = Self.fresh(exact, symbols, columns: size.columns, rows: size.rows) != shown
            #expect(redrawn, "the noise changes cells when it is not allowed for: \(symbols) \(size)")
        }
    }

    /// One pixel turned white remakes its cell (and only cells over it), equal to the cell made
    /// from scratch.
    @Test(arguments: [MosaicSymbols.quadrant, .octant])
    func aChangePastTheNoiseRemakesItsCell(symbols: MosaicSymbols) {
        for size in Self.sizes {
            let first = Self.picture(width: size.width, height: size.height, seed: 9)
            let (x, y) = (size.width / 2, size.height / 3)
            var changed = first
            changed[x, y] = RGBA(r: 255, g: 255, b: 255, a: 255)
            var renderer = GridRenderer(builder: Self.builder(symbols))
            let shown = renderer.render(first, columns: size.columns, rows: size.rows, cellAspect: 2)
            let next = renderer.render(changed, columns: size.columns, rows: size.rows, cellAspect: 2)
            let expected = Self.fresh(changed, symbols, columns: size.columns, rows: size.rows)
            // A pixel lies under one cell, or two or four where cells share it.
            let differing = (0..<next.cells.count).filter { next.cells[$0] != shown.cells[$0] }
            #expect((1...4).contains(differing.count), "\(symbols) \(size)")
            let remade = differing.allSatisfy { next.cells[$0] == expected.cells[$0] }
            #expect(remade, "\(symbols) \(size)")
        }
    }

    /// A fade of one level a frame: kept for three frames, then (four levels from the first)
    /// made again, equal to the fourth frame from scratch.
    @Test(arguments: [MosaicSymbols.quadrant, .octant])
    func aSlowFadeIsMeasuredFromWhereTheCellWasMade(symbols: MosaicSymbols) {
        for size in Self.sizes {
            let first = Self.picture(width: size.width, height: size.height, seed: 13)
            var renderer = GridRenderer(builder: Self.builder(symbols))
            let shown = renderer.render(first, columns: size.columns, rows: size.rows, cellAspect: 2)
            for step in 1...4 {
                let frame = Self.moved(first) { _, _ in step }
                let grid = renderer.render(frame, columns: size.columns, rows: size.rows, cellAspect: 2)
                let kept = grid == shown
                if step < 4 {
                    #expect(kept, "\(symbols) \(size) step \(step)")
                } else {
                    let remade = grid == Self.fresh(frame, symbols, columns: size.columns, rows: size.rows)
                    #expect(remade && !kept, "\(symbols) \(size)")
                }
            }
        }
    }
}
