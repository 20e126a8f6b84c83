internal import Picture
internal import Terminal

/// The colours a text picture is written in: SGR codes a terminal understands.
public enum TextColors: String, Sendable, CaseIterable {
    /// 24-bit colour (`COLORTERM=truecolor`).
    case truecolor
    /// xterm's 256 colours.
    case palette256
    /// The 16 ANSI colours, bright ones included.
    case palette16
    /// The 8 basic ANSI colours.
    case palette8
    /// No colour: the shapes alone, in the terminal's own colours.
    case mono

    var mode: ColorMode {
        switch self {
        case .truecolor: return .truecolor
        case .palette256: return .palette256
        case .palette16: return .palette16
        case .palette8: return .palette8
        case .mono: return .mono
        }
    }

    /// What `NO_COLOR`, `COLORTERM` and `TERM` in `environment` say output that is not a terminal
    /// should use (`tview FILE > out.txt`): mono under NO_COLOR, else truecolor.
    public static func forOutput(environment: [String: String]) -> TextColors {
        TextColors(ColorChoice.forPipe(requested: nil, environment: environment).mode)
    }

    init(_ mode: ColorMode) {
        switch mode {
        case .truecolor: self = .truecolor
        case .palette256: self = .palette256
        case .palette16: self = .palette16
        case .palette8: self = .palette8
        case .mono: self = .mono
        }
    }
}
