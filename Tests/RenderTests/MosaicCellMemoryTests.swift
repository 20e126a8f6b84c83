import Decode
import Testing
import TestSupport

@testable import Picture

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

    /// `image` with every channel of every pixel moved by `step(x, y)` (blue the other way).
    private static func moved(_ image: RGBAImage, _ step: (Int, Int) -> Int) -> RGBAImage {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let s = step(x, y)
                var pixel = image[x, y]
                pixel.r = UInt8(clamping: Int(pixel.r) + s)
                pixel.g = UInt8(clamping: Int(pixel.g) + s)
                pixel.b = UInt8(clamping: Int(pixel.b) - s)
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

    /// Noise everywhere and one pixel turned white: only the cells over that pixel are made
    /// again (one, or two or four where cells share it), each as from scratch.
    @Test(arguments: [MosaicSymbols.quadrant, .octant])
    func aChangePastTheNoiseRemakesItsCell(symbols: MosaicSymbols) {
        for size in Self.sizes {
            let first = Self.picture(width: size.width, height: size.height, seed: 9)
            var random = SplitMix64(seed: 10)
            var changed = Self.moved(first) { _, _ in Int(random.next() % 7) - 3 }
            changed[size.width / 2, size.height / 3] = RGBA(r: 255, g: 255, b: 255, a: 255)
            var renderer = GridRenderer(builder: Self.builder(symbols))
            let shown = renderer.render(first, columns: size.columns, rows: size.rows, cellAspect: 2)
            let next = renderer.render(changed, columns: size.columns, rows: size.rows, cellAspect: 2)
            let expected = Self.fresh(changed, symbols, columns: size.columns, rows: size.rows)
            let differing = (0..<next.cells.count).filter { next.cells[$0] != shown.cells[$0] }
            #expect((1...4).contains(differing.count), "\(symbols) \(size): \(differing.count) cells")
            let remade = differing.allSatisfy { next.cells[$0] == expected.cells[$0] }
            #expect(remade, "\(symbols) \(size)")
        }
    }

    /// A black frame then a white one (the largest change, where bytes wrap): every cell is made
    /// again.
    @Test func blackToWhiteIsNoNoise() {
        for size in Self.sizes {
            var black = RGBAImage(width: size.width, height: size.height, fill: RGBA(r: 0, g: 0, b: 0, a: 255))
            var white = RGBAImage(width: size.width, height: size.height, fill: RGBA(r: 255, g: 255, b: 255, a: 255))
            black.codingNoise = 3
            white.codingNoise = 3
            var renderer = GridRenderer(builder: Self.builder(.quadrant))
            _ = renderer.render(black, columns: size.columns, rows: size.rows, cellAspect: 2)
            let shown = renderer.render(white, columns: size.columns, rows: size.rows, cellAspect: 2)
            let remade = shown == Self.fresh(white, .quadrant, columns: size.columns, rows: size.rows)
            #expect(remade, "\(size)")
        }
    }

    /// An exact frame, the same frame with noise allowed, then moved by 2 levels: the memory
    /// made at the second frame holds every cell's pixels (those whose digests matched too), so
    /// the third keeps the first's cells.
    @Test func aMemoryStartedOnAnUnchangedFrameHoldsEveryCell() {
        for size in Self.sizes {
            var exact = Self.picture(width: size.width, height: size.height, seed: 17)
            exact.codingNoise = 0
            var same = exact
            same.codingNoise = 3
            let moved = Self.moved(same) { _, _ in 2 }
            var renderer = GridRenderer(builder: Self.builder(.octant))
            let shown = renderer.render(exact, columns: size.columns, rows: size.rows, cellAspect: 2)
            _ = renderer.render(same, columns: size.columns, rows: size.rows, cellAspect: 2)
            let kept = renderer.render(moved, columns: size.columns, rows: size.rows, cellAspect: 2) == shown
            #expect(kept, "\(size)")
        }
    }

    /// A new size starts afresh: its first frame is the one made from scratch.
    @Test func aNewAreaStartsAfresh() {
        let first = Self.picture(width: 80, height: 48, seed: 21)
        let moved = Self.moved(first) { _, _ in 1 }
        var renderer = GridRenderer(builder: Self.builder(.quadrant))
        _ = renderer.render(first, columns: 20, rows: 6, cellAspect: 2)
        let smaller = renderer.render(moved, columns: 10, rows: 3, cellAspect: 2)
        let fresh = smaller == Self.fresh(moved, .quadrant, columns: 10, rows: 3)
        #expect(fresh)
    }

    /// A copy of a renderer does not share its memory: after the copy has drawn another picture
    /// (writing what it was made from), the original, given that picture moved by 1 level,
    /// draws it as from scratch, not its own old cells.
    @Test func aCopyDoesNotShareTheMemory() {
        let first = Self.picture(width: 80, height: 48, seed: 25)
        let other = Self.picture(width: 80, height: 48, seed: 26)
        let otherMoved = Self.moved(other) { _, _ in 1 }
        var renderer = GridRenderer(builder: Self.builder(.quadrant))
        _ = renderer.render(first, columns: 20, rows: 6, cellAspect: 2)
        var copy = renderer
        _ = copy.render(other, columns: 20, rows: 6, cellAspect: 2)
        let drawn = renderer.render(otherMoved, columns: 20, rows: 6, cellAspect: 2)
        let fresh = drawn == Self.fresh(otherMoved, .quadrant, columns: 20, rows: 6)
        #expect(fresh)
    }

    /// Cells kept on several threads are those kept on one.
    @Test func keptOnSeveralThreadsAsOnOne() {
        let first = Self.picture(width: 97, height: 61, seed: 29)
        var random = SplitMix64(seed: 30)
        let noisy = Self.moved(first) { x, _ in x % 11 == 0 ? 9 : Int(random.next() % 7) - 3 }
        let geometry = MosaicGeometry(sourceWidth: 97, sourceHeight: 61, columns: 23, rows: 7, subcellRows: 4)
        let one = MosaicCellBuilder(symbols: .octant, base: Self.builder(.octant))
        var several = one
        several.parallel = true
        several.threads = 3
        var results: [CellGrid] = []
        for builder in [one, several] {
            let made = builder.build(first, geometry: geometry, originRow: 0, originColumn: 0, noise: 3)
            results.append(
                builder.build(noisy, geometry: geometry, originRow: 0, originColumn: 0, previous: made, noise: 3).grid)
        }
        let same = results[0] == results[1]
        #expect(same)
    }

    /// The noise test byte by byte, against |a − b| ≤ noise: every pair of values, one pixel
    /// (four lanes) and four pixels (sixteen lanes) a step, noise small and past half a byte.
    @Test func matchesIsTheDistanceOfEveryByte() {
        let row = [MosaicGeometry.Share(index: 0, eighths: .zero, subcellRows: .zero, total: 1)]
        for noise: UInt8 in [0, 3, 200] {
            var wrong = 0
            for a in 0...255 {
                for b in 0...255 {
                    for (columns, lane) in [(1, 2), (4, 13)] {
                        var now = [RGBA](repeating: RGBA(r: 9, g: 9, b: 9, a: 9), count: columns)
                        var then = now
                        now.withUnsafeMutableBytes { $0[lane] = UInt8(a) }
                        then.withUnsafeMutableBytes { $0[lane] = UInt8(b) }
                        let found = now.withUnsafeBufferPointer { canvas in
                            then.withUnsafeBufferPointer { slot in
                                MosaicCellMemory.matches(
                                    slot.baseAddress!, canvas: canvas, width: columns, first: 0, columns: columns,
                                    rows: row, noise: noise)
                            }
                        }
                        if found != (abs(a - b) <= Int(noise)) { wrong += 1 }
                    }
                }
            }
            #expect(wrong == 0, "noise \(noise)")
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
