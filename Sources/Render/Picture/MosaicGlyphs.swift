/// The character for each pattern of sub-cells in the foreground colour. Masks number the
/// sub-cells row by row: bit 0 the top left, bit 1 the top right, and so on down.
enum MosaicGlyphs {
    /// 2x2: the quadrant characters (U+2596–U+259F) and the half blocks where a pattern is one.
    private static let quadrants: [Unicode.Scalar?] = [
        nil, "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
        "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}",
    ]

    /// The character for `mask` over `count` sub-cells (4 or 6); nil for an empty pattern.
    static func scalar(mask: Int, count: Int) -> Unicode.Scalar? {
        if count == 4 { return quadrants[mask & 15] }
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
}
