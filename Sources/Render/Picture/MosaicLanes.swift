import Decode

/// Up to eight regions of a cell, one SIMD lane each, by their sums (see `MosaicGroup`): its
/// sub-cells, or its eighth-wide columns, or its eighth-high rows.
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

    /// Each of `row`'s samples to the region of its lane (the eight columns).
    mutating func addLanes(of row: SampleRow) {
        r += row.r
        g += row.g
        b += row.b
        luma += row.luma
        blue += row.blue
        red += row.red
        squares += row.squares
        count += 1
    }

    /// The samples of `row` in `lanes` (a range of lanes), counted `weight` times, to region `index`.
    mutating func add(_ row: SampleRow, lanes: SIMD8<Float>, to index: Int, weight: Float) {
        let w = lanes * weight
        r[index] += (row.r * w).sum()
        g[index] += (row.g * w).sum()
        b[index] += (row.b * w).sum()
        luma[index] += (row.luma * w).sum()
        blue[index] += (row.blue * w).sum()
        red[index] += (row.red * w).sum()
        squares[index] += (row.squares * w).sum()
        count[index] += w.sum()
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
