/// Ranks every two-group partition of a cell's sub-cells by spread (`MosaicGroup.spread`), eight
/// partitions at a time: what `MosaicCellBuilder` does in truecolor before scoring the best
/// three exactly. A partition's spread is the cell's Σ|c|² less |ΣP|²/n for each group, so only
/// the groups' point sums and counts are needed; the foreground's are a sum over the first three
/// sub-cells (the eight subsets of which sit in the lanes) plus a sum over the others (one a
/// block of eight, in Gray-code order, each one sub-cell from the last). The last sub-cell is
/// always in the background, so each partition comes once.
enum MosaicPartitionRanking {
    private static let bit0 = SIMD8<Float>(0, 1, 0, 1, 0, 1, 0, 1)
    private static let bit1 = SIMD8<Float>(0, 0, 1, 1, 0, 0, 1, 1)
    private static let bit2 = SIMD8<Float>(0, 0, 0, 0, 1, 1, 1, 1)

    /// `finalists` given the partitions of the `count` (4, 6 or 8) sub-cells in `lanes`, whose
    /// sums together are `all`, with the least spreads; ties to the first partition tried.
    static func rank(_ lanes: MosaicLanes, count: Int, all: MosaicGroup, into finalists: inout MosaicFinalists) {
        // The eight subsets of sub-cells 0, 1 and 2, one a lane.
        func low(_ values: SIMD8<Float>) -> SIMD8<Float> {
            bit0 * values[0] + bit1 * values[1] + bit2 * values[2]
        }
        let lowLuma = low(lanes.luma), lowBlue = low(lanes.blue), lowRed = low(lanes.red)
        let lowCount = low(lanes.count)
        var high = SIMD4<Float>(0, 0, 0, 0)  // luma, blue, red, count of the other sub-cells in
        let blocks = 1 << (count - 4)
        for step in 0..<blocks {
            let block = step ^ (step >> 1)
            if step > 0 {
                let moved = step.trailingZeroBitCount
                let region = 3 + moved
                let sums = SIMD4(lanes.luma[region], lanes.blue[region], lanes.red[region], lanes.count[region])
                high = block & (1 << moved) != 0 ? high + sums : high - sums
            }
            let spreads = Self.spreads(
                luma: lowLuma + high[0], blue: lowBlue + high[1], red: lowRed + high[2], count: lowCount + high[3],
                all: all)
            // Lane by lane: without AVX a lane mask of SIMD8 is built a lane at a time through
            // memory, which took a third of this function.
            for lane in 0..<8 where spreads[lane] < finalists.worstSpread {
                let mask = lane | block << 3
                finalists.consider(spread: spreads[lane], foreground: nil, mask: mask)
            }
        }
    }

    /// Each lane's spread, its group given by point sums (`luma`, `blue`, `red`) and `count`, the
    /// rest of the cell (`all`) the other group: the cell's Σ|c|² less |ΣP|²/n for each
    /// (`MosaicGroup.spread` of both). Also `MosaicEighthRanking`'s.
    @inline(__always)
    static func spreads(
        luma: SIMD8<Float>, blue: SIMD8<Float>, red: SIMD8<Float>, count: SIMD8<Float>, all: MosaicGroup
    ) -> SIMD8<Float> {
        let restLuma = all.pointTotal.x - luma, restBlue = all.pointTotal.y - blue
        let restRed = all.pointTotal.z - red, restCount = all.count - count
        // An empty group has no sums: 0 / tiny is its 0 without a division by zero.
        let tiny = SIMD8<Float>(repeating: 1e-30)
        let power =
            (luma * luma + blue * blue + red * red) / (count + tiny)
            + (restLuma * restLuma + restBlue * restBlue + restRed * restRed) / (restCount + tiny)
        return all.squares - power
    }
}
