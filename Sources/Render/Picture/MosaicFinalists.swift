/// The few candidate cells with the least spread (`MosaicGroup.spread`), in that order, ties to
/// the first: the ones `MosaicCellBuilder` scores exactly. Three, in fixed places (no array: one
/// is made for every cell).
struct MosaicFinalists {
    struct Entry {
        var spread = Float.infinity
        /// The foreground's sums; nil for a partition, whose sums are made from its `mask` only
        /// if it is still a finalist at the end (most partitions that enter are pushed out).
        var foreground: MosaicGroup?
        /// The partition's sub-cells in the foreground, or with `eighth` that block's character.
        var mask = 0
        var eighth: Unicode.Scalar?
    }

    private var first = Entry(), second = Entry(), third = Entry()

    /// The spread a candidate must be under to be kept.
    var worstSpread: Float { third.spread }

    /// `body` for each kept candidate, least spread first (no array: this runs for every cell).
    @inline(__always)
    func forEach(_ body: (Entry) -> Void) {
        if first.spread.isFinite { body(first) }
        if second.spread.isFinite { body(second) }
        if third.spread.isFinite { body(third) }
    }

    @inline(__always)
    mutating func consider(spread: Float, foreground: MosaicGroup?, mask: Int, eighth: Unicode.Scalar? = nil) {
        guard spread < third.spread else { return }
        let entry = Entry(spread: spread, foreground: foreground, mask: mask, eighth: eighth)
        if spread < first.spread {
            (first, second, third) = (entry, first, second)
        } else if spread < second.spread {
            (second, third) = (entry, second)
        } else {
            third = entry
        }
    }
}
