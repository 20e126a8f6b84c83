/// How many colours the output may use.
public enum ColorMode: String, Sendable, CaseIterable {
    case truecolor
    case palette256 = "256"
    case palette16 = "16"
    case palette8 = "8"
    case mono

    /// The most colours a terminal stating `colorCount` colours (terminfo's `colors`) takes:
    /// 2^24 is direct colour; fewer than 8 (or none stated) is monochrome.
    public init(colorCount: Int) {
        switch colorCount {
        case (1 << 24)...: self = .truecolor
        case 256...: self = .palette256
        case 16...: self = .palette16
        case 8...: self = .palette8
        default: self = .mono
        }
    }
}
