/// What a cell shows: one character cell holds two pixels stacked vertically.
public enum Glyph: Sendable, Equatable, Hashable {
    /// Only the background colour shows.
    case space
    /// ▀: the top pixel in the foreground colour, the bottom one in the background colour.
    case upperHalf
    /// ▄: the bottom pixel in the foreground colour (used when the top is the terminal's own
    /// background).
    case lowerHalf
    /// █: both pixels in the foreground colour (monochrome output).
    case fullBlock
    /// A block mosaic (quadrant, sextant or its half-block equivalent): the foreground colour
    /// over the sub-cells its pattern covers (`MosaicCellBuilder`).
    case mosaic(Unicode.Scalar)

    public var character: Character {
        switch self {
        case .space: return " "
        case .upperHalf: return "\u{2580}"
        case .lowerHalf: return "\u{2584}"
        case .fullBlock: return "\u{2588}"
        case .mosaic(let scalar): return Character(scalar)
        }
    }

    /// The UTF-8 bytes of `character`.
    public var utf8: [UInt8] {
        switch self {
        case .space: return [0x20]
        case .upperHalf: return [0xE2, 0x96, 0x80]
        case .lowerHalf: return [0xE2, 0x96, 0x84]
        case .fullBlock: return [0xE2, 0x96, 0x88]
        case .mosaic(let scalar): return Array(String(Character(scalar)).utf8)
        }
    }
}
