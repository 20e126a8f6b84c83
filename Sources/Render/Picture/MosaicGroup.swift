import Decode

/// A group of a cell's samples by its sums: enough for its mean (linear) and for the error of
/// any colour shown over it (in `PatternSpace`: Σ|c − q|² = Σ|c|² − 2 q·Σc + n|q|²), without
/// visiting its samples again.
struct MosaicGroup {
    var total = SIMD3<Float>(0, 0, 0)
    var pointTotal = SIMD3<Float>(0, 0, 0)
    var squares: Float = 0
    var count: Float = 0

    @inline(__always)
    func plus(_ other: MosaicGroup) -> MosaicGroup {
        MosaicGroup(
            total: total + other.total, pointTotal: pointTotal + other.pointTotal, squares: squares + other.squares,
            count: count + other.count)
    }

    @inline(__always)
    func minus(_ other: MosaicGroup) -> MosaicGroup {
        MosaicGroup(
            total: total - other.total, pointTotal: pointTotal - other.pointTotal, squares: squares - other.squares,
            count: count - other.count)
    }

    /// The mean in linear light, as an sRGB pixel.
    var mean: RGBA {
        LinearLight.toSRGBTable.withUnsafeBufferPointer { mean(table: $0) }
    }

    /// `mean` with `LinearLight.toSRGBTable` in hand (hot loops).
    @inline(__always)
    func mean(table: UnsafeBufferPointer<UInt8>) -> RGBA {
        guard count > 0 else { return RGBA(r: 0, g: 0, b: 0) }
        let mean = total / count
        return RGBA(
            r: LinearLight.toSRGB(mean.x, table: table), g: LinearLight.toSRGB(mean.y, table: table),
            b: LinearLight.toSRGB(mean.z, table: table))
    }

    /// Σ over the group's samples of the squared distance to their own mean in `PatternSpace`
    /// (Σ|c|² − |Σc|²/n): the error of showing the group in one colour, where that colour is
    /// the mean. Zero for an empty group.
    @inline(__always)
    var spread: Float {
        count > 0 ? squares - (pointTotal * pointTotal).sum() / count : 0
    }

    /// Σ over the group's samples of the squared distance to `shown` (a point in `PatternSpace`).
    @inline(__always)
    func error(shown: SIMD3<Float>) -> Float {
        squares - 2 * (shown * pointTotal).sum() + count * (shown * shown).sum()
    }
}

extension MosaicGroup {
    /// The group whose sums are a vector of `MosaicPixelTable` quantities (a region's, or a run
    /// of samples').
    @inline(__always)
    init(quantities: SIMD8<Float>) {
        self.init(
            total: SIMD3(quantities[0], quantities[1], quantities[2]),
            pointTotal: SIMD3(quantities[3], quantities[4], quantities[5]), squares: quantities[6], count: quantities[7]
        )
    }
}
