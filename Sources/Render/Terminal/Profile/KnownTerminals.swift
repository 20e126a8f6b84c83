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
        /// Why, for `--probe` and docs/terminals.md.
        public let reason: String
    }

    public static let entries: [Entry] = [
        Entry(name: "kitty", minimum: [0, 40], symbols: .octant, reason: "kitty draws octants itself since 0.40"),
        Entry(name: "kitty", minimum: [], symbols: .sextant, reason: "kitty draws sextants itself"),
        Entry(name: "ghostty", minimum: [], symbols: .octant, reason: "Ghostty draws octants itself"),
        Entry(name: "foot", minimum: [1, 20], symbols: .octant, reason: "foot draws octants itself since 1.20"),
        Entry(name: "foot", minimum: [], symbols: .sextant, reason: "foot draws sextants itself"),
        Entry(name: "vte", minimum: [7800], symbols: .octant, reason: "VTE draws octants itself since 0.78"),
        Entry(name: "vte", minimum: [], symbols: .sextant, reason: "VTE draws sextants itself"),
        Entry(name: "alacritty", minimum: [0, 13], symbols: .sextant, reason: "Alacritty draws sextants since 0.13"),
        Entry(name: "wezterm", minimum: [], symbols: .sextant, reason: "WezTerm draws sextants itself"),
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
