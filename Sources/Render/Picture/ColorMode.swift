/// How many colours the output may use.
public enum ColorMode: String, Sendable, CaseIterable {
    case truecolor
    case palette256 = "256"
    case palette16 = "16"
    case palette8 = "8"
    case mono

    /// The mode a terminal supports: truecolor when COLORTERM says so or terminfo reports 2^24
    /// colours, else what terminfo's colour count allows.
    public static func detect(colorTerm: String?, terminfoColors: Int) -> ColorMode {
        if let colorTerm, colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        switch terminfoColors {
        case (1 << 24)...: return .truecolor
        case 256...: return .palette256
        case 16...: return .palette16
        case 8...: return .palette8
        default: return .mono
        }
    }
}
