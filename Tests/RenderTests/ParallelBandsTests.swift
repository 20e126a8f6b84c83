import Decode
import Glibc
import Synchronization
import Testing
import TestSupport

@testable import Picture

@Suite struct ParallelBandsTests {
    /// Every row is in exactly one band, whatever the count of rows, on one thread or several
    /// (three even on a machine with fewer processors), and the work is shared among them.
    @Test(arguments: [1, 3, 7, 48, 101])
    func bandsCoverEveryRowOnce(rows: Int) {
        for threads in [1, 3] {
            let seen = Mutex([Int](repeating: 0, count: rows))
            ParallelBands.run(rows: rows, work: 0, parallel: true, threads: threads) { band in
                seen.withLock { counts in
                    for row in band { counts[row] += 1 }
                }
            }
            #expect(seen.withLock { $0 } == [Int](repeating: 1, count: rows), "\(rows) rows on \(threads)")
        }
    }

    /// Bands run on helper threads, not all on the caller: with three threads and bands that
    /// wait for one another, two others take part.
    @Test func helpersTakeBands() {
        let callers = Mutex(Set<pthread_t>())
        let arrived = Atomic<Int>(0)
        ParallelBands.run(rows: 3, work: 0, parallel: true, threads: 3) { _ in
            callers.withLock { _ = $0.insert(pthread_self()) }
            // Each band waits (briefly, at most) until every thread holds one.
            arrived.add(1, ordering: .relaxed)
            var spins = 0
            while arrived.load(ordering: .relaxed) < 3 && spins < 50_000_000 { spins += 1 }
        }
        #expect(callers.withLock { $0.count } == 3)
    }

    /// A first frame's mosaic made on several threads (its bands on threads of their own) is,
    /// cell for cell, the one made on one: random canvases, every set with and without eighth
    /// blocks.
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func cellsMadeInParallelEqualThoseMadeOnOne(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 45)
        let canvas = random.opaqueCanvas(width: 480, height: 270)
        for eighths in [true, false] {
            var base = CellGridBuilder(mode: .truecolor)
            base.eighths = eighths
            var builder = MosaicCellBuilder(symbols: symbols, base: base)
            let geometry = MosaicGeometry(
                sourceWidth: canvas.width, sourceHeight: canvas.height, columns: 160, rows: 47,
                subcellRows: symbols.rows)
            let one = builder.build(canvas, geometry: geometry, originRow: 0, originColumn: 0)
            builder.parallel = true
            builder.threads = 3
            let several = builder.build(canvas, geometry: geometry, originRow: 0, originColumn: 0)
            #expect(several.grid == one.grid, "eighths \(eighths)")
            #expect(several.digests == one.digests, "eighths \(eighths)")
        }
    }
}
