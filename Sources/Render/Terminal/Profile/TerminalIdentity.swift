/// Which terminal tview runs in, as far as it can tell: XTVERSION's answer first (the terminal's
/// own word, also over SSH), then `TERM_PROGRAM` (with `TERM_PROGRAM_VERSION`), `VTE_VERSION`
/// (GNOME Terminal and other VTE terminals), and `TERM` last.
public struct TerminalIdentity: Sendable, Equatable {
    /// Lower-case name: `kitty`, `xterm`, `foot`, `wezterm`, `vte`, `tmux`, `linux`, …
    public var name: String
    /// The version as the terminal gives it (`0.26.5`, `379`, `7600`), if it does.
    public var version: String?
    /// Where the name came from: `XTVERSION`, `TERM_PROGRAM`, `VTE_VERSION` or `TERM`.
    public var source: String

    public init(name: String, version: String?, source: String) {
        self.name = name
        self.version = version
        self.source = source
    }

    /// From XTVERSION's answer (`kitty(0.26.5)`, `XTerm(379)`, `WezTerm 20240203-…`,
    /// `foot(1.13.1)`, `tmux 3.3a`), else the environment.
    public static func find(xtversion: String?, environment: [String: String]) -> TerminalIdentity {
        if let answer = xtversion?.trimmingSpaces, !answer.isEmpty {
            let name: Substring
            var version: Substring?
            if let open = answer.firstIndex(of: "("), answer.hasSuffix(")") {
                name = answer[..<open]
                version = answer[answer.index(after: open)..<answer.index(before: answer.endIndex)]
            } else if let space = answer.firstIndex(of: " ") {
                name = answer[..<space]
                version = answer[answer.index(after: space)...]
            } else {
                name = Substring(answer)
            }
            return TerminalIdentity(name: name.lowercased(), version: version.map(String.init), source: "XTVERSION")
        }
        if let program = environment["TERM_PROGRAM"], !program.isEmpty {
            let name = program.lowercased() == "iterm.app" ? "iterm2" : program.lowercased()
            return TerminalIdentity(name: name, version: environment["TERM_PROGRAM_VERSION"], source: "TERM_PROGRAM")
        }
        if let vte = environment["VTE_VERSION"], !vte.isEmpty {
            return TerminalIdentity(name: "vte", version: vte, source: "VTE_VERSION")
        }
        let term = environment["TERM"] ?? ""
        let name = term.hasPrefix("xterm-kitty") ? "kitty" : term.hasPrefix("foot") ? "foot" : term
        return TerminalIdentity(name: name.isEmpty ? "unknown" : name, version: nil, source: "TERM")
    }

    /// The version as numbers (`0.26.5` → [0, 26, 5]; `7600` → [7600]), for comparing.
    public var versionNumbers: [Int] {
        guard let version else { return [] }
        return version.split(whereSeparator: { !$0.isNumber }).prefix(4).compactMap { Int($0) }
    }

    /// At least `minimum` (`[0, 40]`); false when the version is unknown.
    public func isAtLeast(_ minimum: [Int]) -> Bool {
        if minimum.isEmpty { return true }
        let numbers = versionNumbers
        guard !numbers.isEmpty else { return false }
        for (index, wanted) in minimum.enumerated() {
            let have = index < numbers.count ? numbers[index] : 0
            if have != wanted { return have > wanted }
        }
        return true
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
