import Decode

/// Up to eight regions of a cell, one SIMD lane each, by their sums (see `MosaicGroup`): its
/// sub-cells, or its eighth-wide columns, or its eighth-high rows. The partitions of a cell are
/// tried from these sums alone (`MosaicCellBuilder.bestCell`).
struct MosaicLanes {
    var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>()
    var luma = SIMD8<Float>(), blue = SIMD8<Float>(), red = SIMD8<Float>()
    var squares = SIMD8<Float>(), count = SIMD8<Float>()

    init() {}

    /// Regions from `count` vectors of `MosaicPixelTable` quantities (region i: `regions[i]`).
    init(regions: UnsafePointer<SIMD8<Float>>, count: Int) {
        for index in 0..<count {
            let region = regions[index]
            r[index] = region[0]
            g[index] = region[1]
            b[index] = region[2]
            luma[index] = region[3]
            blue[index] = region[4]
            red[index] = region[5]
            squares[index] = region[6]
            self.count[index] = region[7]
        }
    }

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

    /// Region `index` alone.
    @inline(__always)
    func group(_ index: Int) -> MosaicGroup {
        MosaicGroup(
            total: SIMD3(r[index], g[index], b[index]), pointTotal: SIMD3(luma[index], blue[index], red[index]),
            squares: squares[index], count: count[index])
    }

    /// The darkest of the first `count` regions' mean colours, channel by channel, in sRGB.
    func floor(count: Int, table: UnsafeBufferPointer<UInt8>) -> RGBA {
        var least = SIMD3<Float>(repeating: .infinity)
        for index in 0..<count {
            // replace(with:where:), not pointwiseMin: that one is a generic call here.
            let mean = SIMD3(r[index], g[index], b[index]) / self.count[index]
            least.replace(with: mean, where: mean .< least)
        }
        return LinearLight.pixel(linear: least, table: table)
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
