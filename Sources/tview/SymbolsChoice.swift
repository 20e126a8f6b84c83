import ArgumentParser
import TViewKit

/// `--symbols`: a set with the eighth blocks (▁…▇, ▏…▉), or alone (`-only`, as chafa's sets).
enum SymbolsChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, half, quad, sextant, octant
    case quadOnly = "quad-only"
    case sextantOnly = "sextant-only"
    case octantOnly = "octant-only"
    case sextantWedge = "sextant+wedge"
    case octantWedge = "octant+wedge"

    /// The smooth-mosaic wedges too (`+wedge`); nil for auto (if the terminal draws them).
    var wedges: Bool? {
        switch self {
        case .auto: return nil
        case .sextantWedge, .octantWedge: return true
        default: return false
        }
    }

    /// The set alone, without the eighth blocks (half blocks have none in any case).
    var alone: Bool {
        switch self {
        case .quadOnly, .sextantOnly, .octantOnly: return true
        case .auto, .half, .quad, .sextant, .octant, .sextantWedge, .octantWedge: return false
        }
    }
}

extension SymbolsChoice {
    /// The set asked for; nil for auto.
    var textSymbols: TextSymbols? {
        switch self {
        case .auto: return nil
        case .half: return .halfBlocks
        case .quad, .quadOnly: return .quadrants
        case .sextant, .sextantOnly, .sextantWedge: return .sextants
        case .octant, .octantOnly, .octantWedge: return .octants
        }
    }
}
