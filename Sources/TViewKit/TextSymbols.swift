internal import Picture

/// The shapes a text picture's cells are drawn with. Each cell shows two colours; the finer sets
/// draw more of the picture's shapes, and need a terminal (or font) that draws their characters.
public enum TextSymbols: String, Sendable, CaseIterable {
    /// Upper and lower half blocks: 1x2 pixels a cell. Every terminal and font draws them.
    case halfBlocks
    /// Quadrants: 2x2 a cell (U+2596–U+259F).
    case quadrants
    /// Sextants: 2x3 a cell (U+1FB00–U+1FB3B; kitty, foot, VTE and others draw them).
    case sextants
    /// Octants: 2x4 a cell (U+1CD00–U+1CDE5; Unicode 16, drawn by few terminals yet).
    case octants

    var mosaic: MosaicSymbols {
        switch self {
        case .halfBlocks: return .half
        case .quadrants: return .quadrant
        case .sextants: return .sextant
        case .octants: return .octant
        }
    }
}
