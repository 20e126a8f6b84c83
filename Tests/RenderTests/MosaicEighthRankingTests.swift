import Decode
@testable import Picture
import TestSupport
import Testing

/// The eighth blocks ranked seven at a time keep the three with the least spread, each with its
/// own samples in the foreground: checked against the spreads taken block by block from the
/// samples, on random cells and on cells with a real edge at every eighth. And the rule that
/// lets the search leave a finalist unscored: no colours shown over a group give less error
/// than its spread.
@Suite struct MosaicEighthRankingTests {
    /// The block's samples (row by row over the 8x8 grid): the left `eighths` columns, or the
    /// lower `eighths` rows.
    static func inside(left: Bool, eighths: Int) -> (Int) -> Bool {
        left ? { $0 % 8 < eighths } : { $0 / 8 >= 8 - eighths }
    }

    static func group(_ samples: [RGBA], where inside: (Int) -> Bool) -> MosaicGroup {
        MosaicPixelTable.truecolor.entries.withUnsafeBufferPointer { table in
            var sums = SIMD8<Float>()
            for index in 0..<64 where inside(index) {
                sums += MosaicPixelTable.quantities(samples[index], table: table)
            }
            return MosaicGroup(quantities: sums)
        }
    }

    static func finalists(_ samples: [RGBA]) -> (entries: [MosaicFinalists.Entry], all: MosaicGroup) {
        var regions = [SIMD8<Float>](repeating: .zero, count: 24)
        samples.withUnsafeBufferPointer { samples in
            MosaicPixelTable.truecolor.entries.withUnsafeBufferPointer { table in
                regions.withUnsafeMutableBufferPointer {
                    _ = MosaicCellBuilder.regions(
                        of: samples, subcellParts: MosaicCellBuilder.subcellRows(2), table: table, into: $0.baseAddress!
                    )
                }
            }
        }
        let all = group(samples) { _ in true }
        var finalists = MosaicFinalists()
        regions.withUnsafeBufferPointer {
            MosaicEighthRanking.rank(strips: $0.baseAddress!, all: all, into: &finalists)
        }
        var entries: [MosaicFinalists.Entry] = []
        finalists.forEach { entries.append($0) }
        return (entries, all)
    }

    @Test func theThreeLeastSpreadBlocksAreKeptWithTheirOwnSamples() {
        var random = SplitMix64(seed: 61)
        for trial in 0..<300 {
            // Random cells, and cells split at a random eighth across or down (with noise).
            let edge = Int.random(in: 1...7, using: &random), across = trial % 3 == 1
            let (dark, light) = (random.opaquePixel(), random.opaquePixel())
            let samples = (0..<64).map { index -> RGBA in
                if trial % 3 == 0 { return random.opaquePixel() }
                let inDark = across ? index % 8 < edge : index / 8 < edge
                let base = inDark ? dark : light
                return RGBA(r: base.r ^ UInt8.random(in: 0...3, using: &random), g: base.g, b: base.b)
            }
            let (entries, all) = Self.finalists(samples)
            // Every block's spread from its samples: the three least, in order.
            var expected: [(spread: Float, scalar: Unicode.Scalar)] = []
            for eighths in 1...7 {
                for left in [true, false] {
                    let block = Self.group(samples, where: Self.inside(left: left, eighths: eighths))
                    let scalar = left ? MosaicGlyphs.leftEighths(eighths) : MosaicGlyphs.lowerEighths(eighths)
                    expected.append((block.spread + all.minus(block).spread, scalar))
                }
            }
            let least = expected.sorted { $0.spread < $1.spread }.prefix(3)
            #expect(entries.count == 3)
            for (entry, wanted) in zip(entries, least) {
                let tolerance = 1e-4 * max(1, all.squares)
                #expect(abs(entry.spread - wanted.spread) <= tolerance, "trial \(trial)")
                guard let scalar = entry.eighth, let foreground = entry.foreground else {
                    Issue.record("trial \(trial): a finalist without its block")
                    continue
                }
                // Its spread is its block's (ties of a hair may swap blocks of equal spread).
                let eighths = (1...7).first {
                    MosaicGlyphs.leftEighths($0) == scalar || MosaicGlyphs.lowerEighths($0) == scalar
                }!
                let block = Self.group(
                    samples, where: Self.inside(left: MosaicGlyphs.leftEighths(eighths) == scalar, eighths: eighths))
                #expect(abs(block.spread + all.minus(block).spread - entry.spread) <= tolerance, "trial \(trial)")
                let difference = foreground.pointTotal - block.pointTotal
                #expect((difference * difference).sum() <= 1e-6, "trial \(trial): \(scalar)")
                #expect(foreground.count == block.count && abs(foreground.squares - block.squares) <= tolerance)
            }
        }
    }

    /// Σ|c − q|² = spread + n|q − mean|²: whatever colour shows over a group, its error is at
    /// least the group's spread, which is why a finalist whose spread exceeds the best error
    /// found is not scored (`MosaicCellBuilder.bestCell`).
    @Test func noColourShowsAGroupWithLessErrorThanItsSpread() {
        var random = SplitMix64(seed: 62)
        let space = PatternSpace(mode: .truecolor)
        for _ in 0..<2000 {
            let count = Int.random(in: 1...64, using: &random)
            let samples = (0..<64).map { _ in random.opaquePixel() }
            let group = Self.group(samples) { $0 < count }
            let shown = random.opaquePixel()
            let point = space.point(Float(shown.r) / 255, Float(shown.g) / 255, Float(shown.b) / 255)
            #expect(group.error(shown: point) >= group.spread - 1e-4 * max(1, group.squares))
        }
    }
}
