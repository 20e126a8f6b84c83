/// The block symbols a text picture may use: each cell split into 1x2, 2x2, 2x3 or 2x4 parts of
/// two colours. Which set a terminal shows well is its own matter (fonts rarely have sextants or
/// octants; some terminals draw them themselves): see `KnownTerminals` in Terminal.
public enum MosaicSymbols: String, Sendable, CaseIterable, Comparable {
    /// ▀ and ▄ (U+2580, U+2584): two pixels a cell, in every font.
    case half
    /// The quadrants U+2596–U+259F with ▀▄▌▐█: nearly every monospace font.
    case quadrant
    /// The sextants U+1FB00–U+1FB3B (Unicode 13).
    case sextant
    /// The octants U+1CD00–U+1CDE5 (Unicode 16).
    case octant

    /// Sub-cells across and down a cell.
    public var columns: Int { self == .half ? 1 : 2 }
    public var rows: Int {
        switch self {
        case .half: return 2
        case .quadrant: return 2
        case .sextant: return 3
        case .octant: return 4
        }
    }

    public static func < (a: MosaicSymbols, b: MosaicSymbols) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
