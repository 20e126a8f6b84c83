import Decode

/// What one opaque canvas pixel adds to a mosaic region, from its three bytes: lanes 0–2 its
/// linear RGB (for the region's mean), 3–5 its point in `PatternSpace` (for errors), 6 the
/// point's squared length, 7 its weight (1). Each channel's part comes from a table of 256
/// entries; the three are added and the square taken once (`quantities`).
struct MosaicPixelTable: Sendable {
    /// 768 entries: red's 256, then green's, then blue's.
    let entries: [SIMD8<Float>]

    static let truecolor = MosaicPixelTable(space: PatternSpace(mode: .truecolor))
    static let palette = MosaicPixelTable(space: PatternSpace(mode: .palette256))

    static func forSpace(_ space: PatternSpace) -> MosaicPixelTable {
        space.chroma == PatternSpace(mode: .truecolor).chroma ? truecolor : palette
    }

    private init(space: PatternSpace) {
        var entries: [SIMD8<Float>] = []
        for channel in 0..<3 {
            for value in 0..<256 {
                var rgb = SIMD3<Float>(0, 0, 0)
                rgb[channel] = Float(value) / 255
                let point = space.point(rgb.x, rgb.y, rgb.z)
                var entry = SIMD8<Float>()
                entry[channel] = LinearLight.fromSRGB[value]
                entry[3] = point.x
                entry[4] = point.y
                entry[5] = point.z
                entries.append(entry)
            }
        }
        self.entries = entries
    }

    /// The pixel's quantities; `table` is `entries` in hand.
    @inline(__always)
    static func quantities(_ pixel: RGBA, table: UnsafeBufferPointer<SIMD8<Float>>) -> SIMD8<Float> {
        var value = table[Int(pixel.r)] + table[256 + Int(pixel.g)] + table[512 + Int(pixel.b)]
        value[6] = value[3] * value[3] + value[4] * value[4] + value[5] * value[5]
        value[7] = 1
        return value
    }
}
