public import Picture
internal import CNcurses

/// How many colours tview sends to the terminal, and why: `--colors`, else `COLORTERM`, else a
/// direct-colour `TERM`, else the colour count of terminfo's entry for `TERM`. Decided once,
/// before the screen is set up (the choice picks the terminfo entry ncurses loads: the
/// `-direct` one for 24-bit colour), and kept in `TerminalProfile` for `--probe`.
public struct ColorChoice: Sendable, Equatable {
    public let mode: ColorMode
    public let reason: String
    /// Chosen with `--colors`: kept as it is on a slow link (else truecolor may step down to the
    /// 256 palette while the link is saturated).
    public let requested: Bool

    public init(mode: ColorMode, reason: String, requested: Bool = false) {
        self.mode = mode
        self.reason = reason
        self.requested = requested
    }

    /// `--colors MODE`: kept as asked, also on a slow link.
    private static func asked(_ mode: ColorMode) -> ColorChoice {
        ColorChoice(mode: mode, reason: "--colors \(mode.rawValue)", requested: true)
    }

    /// The choice for output that is not a terminal, whose reader tview cannot ask: `--colors`,
    /// else mono when NO_COLOR is set (and not empty), else truecolor.
    public static func forPipe(requested: ColorMode?, environment: [String: String]) -> ColorChoice {
        if let requested { return asked(requested) }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            return ColorChoice(mode: .mono, reason: "NO_COLOR is set")
        }
        return ColorChoice(mode: .truecolor, reason: "not a terminal: truecolor")
    }

    /// The terminfo entries to load for `term`, the first that exists wins: for 24-bit colour
    /// the direct-colour one (`term` itself if it is one, else `tmux-direct` inside tmux or
    /// screen, `xterm-direct` elsewhere: ncurses-term has them), then `term`, then xterm.
    public func terminfoEntries(term: String) -> [String] {
        var entries: [String] = []
        if mode == .truecolor {
            let direct = term.hasPrefix("tmux") || term.hasPrefix("screen") ? "tmux-direct" : "xterm-direct"
            entries.append(term.hasSuffix("-direct") ? term : direct)
        }
        return entries + [term, "xterm"]
    }

    /// The terminfo entry ncurses loads for `TERM` (unset: xterm).
    public static func term(in environment: [String: String]) -> String {
        environment["TERM"].flatMap { $0.isEmpty ? nil : $0 } ?? "xterm"
    }

    /// The choice for the terminal at `descriptor`, looking its `TERM` up in terminfo.
    public static func detect(requested: ColorMode?, environment: [String: String], descriptor: CInt) -> ColorChoice {
        decide(requested: requested, environment: environment) { term in
            let count = Int(tview_terminfo_colors(term, descriptor))
            return count == -2 ? nil : count
        }
    }

    /// The decision (pure: tests give the terminfo lookup). `terminfoColors` gives an entry's
    /// colour count, -1 when it states none, nil when there is no entry.
    public static func decide(
        requested: ColorMode?, environment: [String: String], terminfoColors: (String) -> Int?
    ) -> ColorChoice {
        if let requested { return asked(requested) }
        let colorTerm = environment["COLORTERM"] ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" {
            return ColorChoice(mode: .truecolor, reason: "COLORTERM=\(colorTerm)")
        }
        let term = term(in: environment)
        if term.hasSuffix("-direct") { return ColorChoice(mode: .truecolor, reason: "TERM=\(term) (direct colour)") }
        // ncurses falls back to xterm's entry when TERM has none; so does this.
        let entry: (name: String, colors: Int)
        let unknown: String
        if let colors = terminfoColors(term) {
            entry = (term, colors)
            unknown = ""
        } else {
            entry = ("xterm", terminfoColors("xterm") ?? 8)
            unknown = "TERM=\(term) is not in terminfo; "
        }
        let mode = ColorMode(colorCount: entry.colors)
        let stated = entry.colors > 0 ? "\(entry.colors) colours" : "no colours"
        return ColorChoice(mode: mode, reason: unknown + "terminfo's entry for \(entry.name) states \(stated)")
    }
}
