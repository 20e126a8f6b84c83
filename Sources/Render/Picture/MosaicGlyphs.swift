/// The character for each pattern of sub-cells in the foreground colour. Masks number the
/// sub-cells row by row: bit 0 the top left, bit 1 the top right, and so on down (Unicode's own
/// numbering of sextants and octants, from 1).
enum MosaicGlyphs {
    /// 2x2: the quadrant characters (U+2596–U+259F) and the half blocks where a pattern is one.
    private static let quadrants: [Unicode.Scalar?] = [
        nil, "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
        "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}",
    ]

    /// 2x4 patterns that Unicode 16's octants (U+1CD00–U+1CDE5) leave out, because an older
    /// character draws them: half blocks, quadrants, quarter blocks, and single corners.
    private static let octantsElsewhere: [Int: Unicode.Scalar] = [
        1: "\u{1CEA8}", 2: "\u{1CEAB}", 3: "\u{1FB82}", 5: "\u{2598}", 10: "\u{259D}", 15: "\u{2580}",
        20: "\u{1FBE6}", 40: "\u{1FBE7}", 63: "\u{1FB85}", 64: "\u{1CEA3}", 80: "\u{2596}", 85: "\u{258C}",
        90: "\u{259E}", 95: "\u{259B}", 128: "\u{1CEA0}", 160: "\u{2597}", 165: "\u{259A}", 170: "\u{2590}",
        175: "\u{259C}", 192: "\u{2582}", 240: "\u{2584}", 245: "\u{2599}", 250: "\u{259F}", 252: "\u{2586}",
        255: "\u{2588}",
    ]
    /// Each 8-bit pattern's octant code point: the octants number the other patterns in order.
    private static let octants: [Unicode.Scalar?] = {
        var table = [Unicode.Scalar?](repeating: nil, count: 256)
        var next: UInt32 = 0x1CD00
        for mask in 1..<256 {
            if let elsewhere = octantsElsewhere[mask] {
                table[mask] = elsewhere
            } else {
                table[mask] = Unicode.Scalar(next)
                next += 1
            }
        }
        return table
    }()

    /// The character for `mask` over `count` sub-cells (4, 6 or 8); nil for an empty pattern.
    static func scalar(mask: Int, count: Int) -> Unicode.Scalar? {
        if count == 4 { return quadrants[mask & 15] }
        if count == 8 { return octants[mask & 255] }
        guard count == 6, mask > 0, mask < 64 else { return nil }
        // The sextants (U+1FB00–U+1FB3B) number every pattern but the empty and full cells and
        // the left and right halves (sub-cells 1, 3, 5 and 2, 4, 6), which ▌ and ▐ draw.
        switch mask {
        case 63: return "\u{2588}"
        case 21: return "\u{258C}"
        case 42: return "\u{2590}"
        default:
            let skipped = (mask > 21 ? 1 : 0) + (mask > 42 ? 1 : 0)
            return Unicode.Scalar(0x1FB00 + UInt32(mask - 1 - skipped))
        }
    }

    /// ▁ to ▇: the lower `eighths` eighths of a cell (1 to 7).
    static func lowerEighths(_ eighths: Int) -> Unicode.Scalar {
        Unicode.Scalar(0x2580 + UInt32(eighths))!
    }

    /// ▏ to ▉: the left `eighths` eighths of a cell (1 to 7).
    static func leftEighths(_ eighths: Int) -> Unicode.Scalar {
        Unicode.Scalar(0x2590 - UInt32(eighths))!
    }
}
