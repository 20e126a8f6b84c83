import Decode
import Synchronization
import Testing
import TestSupport

@testable import Picture

@Suite struct ParallelBandsTests {
    /// Every row is in exactly one band, whatever the count of rows, on as many threads as the
    /// work is worth.
    @Test(arguments: [1, 3, 7, 48, 101])
    func bandsCoverEveryRowOnce(rows: Int) {
        let seen = Mutex([Int](repeating: 0, count: rows))
        ParallelBands.run(rows: rows, work: 10_000_000, parallel: true) { band in
            seen.withLock { counts in
                for row in band { counts[row] += 1 }
            }
        }
        #expect(seen.withLock { $0 } == [Int](repeating: 1, count: rows))
    }

    /// A first frame's mosaic made on all processors (its bands on threads of their own) is, cell
    /// for cell, the one made on one: random canvases, every set with eighth blocks.
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func cellsMadeInParallelEqualThoseMadeOnOne(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 45)
        var canvas = RGBAImage(width: 480, height: 270)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let value = random.next()
                canvas[x, y] = RGBA(
                    r: UInt8(truncatingIfNeeded: value), g: UInt8(truncatingIfNeeded: value >> 8),
                    b: UInt8(truncatingIfNeeded: value >> 16))
            }
        }
        var base = CellGridBuilder(mode: .truecolor)
        base.eighths = true
        var builder = MosaicCellBuilder(symbols: symbols, base: base)
        let geometry = MosaicGeometry(
            sourceWidth: canvas.width, sourceHeight: canvas.height, columns: 160, rows: 47,
            subcellRows: symbols.rows)
        let one = builder.build(canvas, geometry: geometry, originRow: 0, originColumn: 0)
        builder.parallel = true
        let all = builder.build(canvas, geometry: geometry, originRow: 0, originColumn: 0)
        #expect(all.grid == one.grid)
        #expect(all.digests == one.digests)
    }
}
