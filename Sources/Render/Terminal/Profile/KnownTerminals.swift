public import Picture

/// What tview knows of particular terminals that they do not say when asked: which block
/// symbols they draw themselves (fonts cannot be relied on: no Debian 12 font has an octant, and
/// only Noto Sans Symbols2 and Unifont have sextants). The first entry that matches wins; the
/// docs/terminals.md's "What tview asks the terminal" lists the same rows (a test holds them together).
public enum KnownTerminals {
    public struct Entry: Sendable {
        /// `TerminalIdentity.name`.
        public let name: String
        /// The oldest version the entry holds for (empty: any).
        public let minimum: [Int]
        public let symbols: MosaicSymbols
        /// It draws the smooth-mosaic wedges (U+1FB3C–U+1FB67) too, so its sextants or octants
        /// come with them (only entries of those sets say so).
        public let wedges: Bool
        /// Why, for `--probe` and docs/terminals.md.
        public let reason: String

        init(name: String, minimum: [Int], symbols: MosaicSymbols, wedges: Bool = false, reason: String) {
            self.name = name
            self.minimum = minimum
            self.symbols = symbols
            self.wedges = wedges
            self.reason = reason
        }
    }

    public static let entries: [Entry] = [
        Entry(
            name: "kitty", minimum: [0, 40], symbols: .octant, wedges: true,
            reason: "kitty draws octants itself since 0.40, wedges since 0.19"),
        Entry(
            name: "kitty", minimum: [0, 19], symbols: .sextant, wedges: true,
            reason: "kitty draws sextants and wedges itself since 0.19"),
        Entry(name: "kitty", minimum: [], symbols: .sextant, reason: "kitty draws sextants itself"),
        Entry(
            name: "ghostty", minimum: [], symbols: .octant, wedges: true,
            reason: "Ghostty draws octants and wedges itself"),
        Entry(
            name: "foot", minimum: [1, 20], symbols: .octant, wedges: true,
            reason: "foot draws octants itself since 1.20, wedges since 1.9"),
        Entry(
            name: "foot", minimum: [1, 9], symbols: .sextant, wedges: true,
            reason: "foot draws sextants and wedges itself since 1.9"),
        Entry(name: "foot", minimum: [], symbols: .sextant, reason: "foot draws sextants itself"),
        Entry(
            name: "vte", minimum: [7800], symbols: .octant, wedges: true,
            reason: "VTE draws octants itself since 0.78, wedges since 0.60"),
        Entry(
            name: "vte", minimum: [6000], symbols: .sextant, wedges: true,
            reason: "VTE draws sextants and wedges itself since 0.60"),
        Entry(name: "vte", minimum: [], symbols: .sextant, reason: "VTE draws sextants itself"),
        Entry(
            name: "alacritty", minimum: [0, 13], symbols: .sextant,
            reason: "Alacritty draws sextants since 0.13, but no wedges"),
        Entry(
            name: "wezterm", minimum: [], symbols: .sextant,
            reason: "WezTerm draws sextants itself; its releases to 20240203 draw 5 of the 22 wedges"),
        Entry(name: "linux", minimum: [], symbols: .half, reason: "the Linux console's font has half blocks only"),
    ]

    /// Terminals that do not show what is under a sixel image's zero bits (P2=1) as it was, and
    /// why: they get each frame's changed cells whole, every pixel drawn.
    public static let sixelNeedsWholeCells: [String: String] = [
        "mlterm": "mlterm 3.9 paints zero bits with the background even with P2=1 (tested under Xvfb)",
        "foot":
            "foot 1.13 shows pieces of earlier sixel images over a later one's zero bits: stripes of an"
            + " earlier frame (tested under cage)",
    ]

    /// Elsewhere: quadrants, which nearly every monospace font has.
    public static let fallback = Entry(
        name: "", minimum: [], symbols: .quadrant, reason: "quadrants are in nearly every monospace font")

    /// The entry for `identity`, or `fallback`. `TERM=linux` counts whatever else is known.
    public static func entry(for identity: TerminalIdentity, term: String) -> Entry {
        if term == "linux" { return entries.first { $0.name == "linux" }! }
        return entries.first { $0.name == identity.name && identity.isAtLeast($0.minimum) } ?? fallback
    }
}
