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
        let leftSpreads = spreads(left, all: all), lowerSpreads = spreads(lower, all: all)
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

    /// Each lane's spread: the cell's Σ|c|² less |ΣP|²/n for the lane's group and for the rest
    /// (`MosaicGroup.spread` of both). Neither group of an eighth block is empty; lane 7, which
    /// is, is not read.
    @inline(__always)
    private static func spreads(
        _ groups: (luma: SIMD8<Float>, blue: SIMD8<Float>, red: SIMD8<Float>, count: SIMD8<Float>), all: MosaicGroup
    ) -> SIMD8<Float> {
        let restLuma = all.pointTotal.x - groups.luma, restBlue = all.pointTotal.y - groups.blue
        let restRed = all.pointTotal.z - groups.red, restCount = all.count - groups.count
        let tiny = SIMD8<Float>(repeating: 1e-30)
        let power =
            (groups.luma * groups.luma + groups.blue * groups.blue + groups.red * groups.red) / (groups.count + tiny)
            + (restLuma * restLuma + restBlue * restBlue + restRed * restRed) / (restCount + tiny)
        return all.squares - power
    }

    /// `count` strips summed: the first columns (`from` 0), or the last rows upwards (`from` 15).
    private static func run(_ strips: UnsafePointer<SIMD8<Float>>, from: Int, count: Int) -> MosaicGroup {
        var sums = SIMD8<Float>()
        for index in 0..<count { sums += strips[from < 8 ? from + index : from - index] }
        return MosaicGroup(quantities: sums)
    }
}
