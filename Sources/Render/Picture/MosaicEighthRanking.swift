/// Ranks the fourteen eighth blocks of a cell (the left 1 to 7 eighths, the lower 1 to 7) by
/// spread, seven at a time, as `MosaicPartitionRanking` ranks the partitions: what
/// `MosaicCellBuilder` does in truecolor before scoring the best three exactly. One at a time,
/// each a call with its groups built whole, they took a fifth of a quadrant cell's search.
enum MosaicEighthRanking {
    /// `finalists` given a cell's `strips` (its eight columns' `MosaicPixelTable` quantities,
    /// then its eight rows', as `MosaicCellBuilder.regions(of:)` leaves them), whose sums
    /// together are `all`. Tried in the order left 1, lower 1, left 2, …: ties to the first.
    static func rank(
        strips: UnsafePointer<SIMD8<Float>>, all: MosaicGroup, into finalists: inout MosaicFinalists
    ) {
        // Lane k: the left k + 1 columns, the lower k + 1 rows (lane 7 unused).
        var left = (luma: SIMD8<Float>(), blue: SIMD8<Float>(), red: SIMD8<Float>(), count: SIMD8<Float>())
        var lower = left
        var leftRun = SIMD8<Float>(), lowerRun = SIMD8<Float>()
        for lane in 0..<7 {
            leftRun += strips[lane]
            lowerRun += strips[15 - lane]
            (left.luma[lane], left.blue[lane], left.red[lane]) = (leftRun[3], leftRun[4], leftRun[5])
            left.count[lane] = leftRun[7]
            (lower.luma[lane], lower.blue[lane], lower.red[lane]) = (lowerRun[3], lowerRun[4], lowerRun[5])
            lower.count[lane] = lowerRun[7]
        }
        // Neither group of an eighth block is empty; lane 7, which is, is not read.
        let leftSpreads = MosaicPartitionRanking.spreads(
            luma: left.luma, blue: left.blue, red: left.red, count: left.count, all: all)
        let lowerSpreads = MosaicPartitionRanking.spreads(
            luma: lower.luma, blue: lower.blue, red: lower.red, count: lower.count, all: all)
        // Lane by lane (no lane masks: see MosaicPartitionRanking).
        for lane in 0..<7 {
            if leftSpreads[lane] < finalists.worstSpread {
                finalists.consider(
                    spread: leftSpreads[lane], foreground: run(strips, from: 0, count: lane + 1), mask: 0,
                    eighth: MosaicGlyphs.leftEighths(lane + 1))
            }
            if lowerSpreads[lane] < finalists.worstSpread {
                finalists.consider(
                    spread: lowerSpreads[lane], foreground: run(strips, from: 15, count: lane + 1), mask: 0,
                    eighth: MosaicGlyphs.lowerEighths(lane + 1))
            }
        }
    }

    /// `count` strips summed: the first columns (`from` 0), or the last rows upwards (`from` 15).
    private static func run(_ strips: UnsafePointer<SIMD8<Float>>, from: Int, count: Int) -> MosaicGroup {
        var sums = SIMD8<Float>()
        for index in 0..<count { sums += strips[from < 8 ? from + index : from - index] }
        return MosaicGroup(quantities: sums)
    }
}
