/// A colour as a terminal is told it: the terminal's own default, a 24-bit value, or an index
/// into its palette (0–255).
public enum TermColor: Sendable, Equatable, Hashable {
    case `default`
    case rgb(UInt8, UInt8, UInt8)
    case indexed(UInt8)
}
