import Decode

/// Up to eight regions of a cell, one SIMD lane each, by their sums (see `MosaicGroup`): its
/// sub-cells, or its eighth-wide columns, or its eighth-high rows (or one canvas row's part of
/// each eighth column).
struct MosaicLanes {
    var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>()
    var luma = SIMD8<Float>(), blue = SIMD8<Float>(), red = SIMD8<Float>()
    var squares = SIMD8<Float>(), count = SIMD8<Float>()

    /// Region `index` is one sample, `pixel`.
    mutating func set(_ index: Int, _ pixel: RGBA, space: PatternSpace) {
        r[index] = LinearLight.fromSRGB[Int(pixel.r)]
        g[index] = LinearLight.fromSRGB[Int(pixel.g)]
        b[index] = LinearLight.fromSRGB[Int(pixel.b)]
        let point = space.point(Float(pixel.r) / 255, Float(pixel.g) / 255, Float(pixel.b) / 255)
        luma[index] = point.x
        blue[index] = point.y
        red[index] = point.z
        squares[index] = (point * point).sum()
        count[index] = 1
    }

    /// `pixel` counted into each lane by its share `weights` (a canvas pixel over a cell's eighth
    /// columns).
    @inline(__always)
    mutating func add(
        _ pixel: RGBA, weights: SIMD8<Float>, toLinear: UnsafeBufferPointer<Float>, space: PatternSpace
    ) {
        let point = space.point(Float(pixel.r) / 255, Float(pixel.g) / 255, Float(pixel.b) / 255)
        r += weights * toLinear[Int(pixel.r)]
        g += weights * toLinear[Int(pixel.g)]
        b += weights * toLinear[Int(pixel.b)]
        luma += weights * point.x
        blue += weights * point.y
        red += weights * point.z
        squares += weights * (point * point).sum()
        count += weights
    }

    /// `other`'s lanes, each counted `times` times, to the same lanes.
    @inline(__always)
    mutating func add(_ other: MosaicLanes, times: Float) {
        r += other.r * times
        g += other.g * times
        b += other.b * times
        luma += other.luma * times
        blue += other.blue * times
        red += other.red * times
        squares += other.squares * times
        count += other.count * times
    }

    /// `group` to every lane, counted by that lane's share in `lanes`.
    @inline(__always)
    mutating func add(_ group: MosaicGroup, lanes: SIMD8<Float>) {
        r += lanes * group.total.x
        g += lanes * group.total.y
        b += lanes * group.total.z
        luma += lanes * group.pointTotal.x
        blue += lanes * group.pointTotal.y
        red += lanes * group.pointTotal.z
        squares += lanes * group.squares
        count += lanes * group.count
    }

    /// All lanes together.
    var total: MosaicGroup {
        MosaicGroup(
            total: SIMD3(r.sum(), g.sum(), b.sum()), pointTotal: SIMD3(luma.sum(), blue.sum(), red.sum()),
            squares: squares.sum(), count: count.sum())
    }

    /// The lanes where `lanes` is 1, together.
    @inline(__always)
    func total(lanes: SIMD8<Float>) -> MosaicGroup {
        MosaicGroup(
            total: SIMD3((r * lanes).sum(), (g * lanes).sum(), (b * lanes).sum()),
            pointTotal: SIMD3((luma * lanes).sum(), (blue * lanes).sum(), (red * lanes).sum()),
            squares: (squares * lanes).sum(), count: (count * lanes).sum())
    }

    /// Region `index` alone.
    @inline(__always)
    func group(_ index: Int) -> MosaicGroup {
        MosaicGroup(
            total: SIMD3(r[index], g[index], b[index]), pointTotal: SIMD3(luma[index], blue[index], red[index]),
            squares: squares[index], count: count[index])
    }

    /// The regions in `mask` together.
    @inline(__always)
    func group(mask: Int) -> MosaicGroup {
        var group = MosaicGroup()
        var bits = mask
        while bits != 0 {
            group = group.plus(self.group(bits.trailingZeroBitCount))
            bits &= bits - 1
        }
        return group
    }
}
