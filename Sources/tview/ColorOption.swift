import ArgumentParser
import TViewKit

/// `--colors`.
enum ColorOption: String, ExpressibleByArgument, CaseIterable {
    case auto, truecolor
    case c256 = "256"
    case c16 = "16"
    case c8 = "8"
    case mono
}

extension ColorOption {
    /// The colours asked for, or nil for auto.
    var textColors: TextColors? {
        switch self {
        case .auto: return nil
        case .truecolor: return .truecolor
        case .c256: return .palette256
        case .c16: return .palette16
        case .c8: return .palette8
        case .mono: return .mono
        }
    }
}
