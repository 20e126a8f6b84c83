public import Graphics
import Glibc

/// What tmux says about the terminal it runs in, for sending pictures through it: asked with
/// `tmux display-message` and `tmux show-options` (the terminal's own answers stop at tmux).
public struct TmuxClient: Sendable, Equatable {
    /// The outer terminal's TERM (`xterm-kitty` for kitty).
    public var terminalName: String
    /// Where the pane sits in the window.
    public var pane: TmuxPassthrough
    /// `allow-passthrough` is on (tmux 3.3+); without it tmux drops what is sent through.
    public var allowsPassthrough: Bool
    /// The outer terminal's answer to XTVERSION as tmux keeps it (`#{client_termtype}`, tmux
    /// 3.3+: `kitty(0.35.2)`); nil where tmux has none.
    public var terminalType: String?
    /// The client takes UTF-8 (`#{client_utf8}`): without it tmux writes `_` for every cell it
    /// cannot send, kitty's placeholders among them.
    public var utf8: Bool

    public init(
        terminalName: String, pane: TmuxPassthrough, allowsPassthrough: Bool, terminalType: String? = nil,
        utf8: Bool = true
    ) {
        self.terminalName = terminalName
        self.pane = pane
        self.allowsPassthrough = allowsPassthrough
        self.terminalType = terminalType
        self.utf8 = utf8
    }

    /// The outer terminal as its XTVERSION answer (kept by tmux) names it, else as its TERM does.
    public var outerTerminal: TerminalIdentity {
        let named = TerminalIdentity.find(xtversion: terminalType, environment: ["TERM": terminalName])
        return named.source == "XTVERSION"
            ? TerminalIdentity(name: named.name, version: named.version, source: "tmux's client_termtype")
            : TerminalIdentity(name: named.name, version: nil, source: "tmux's client_termname")
    }

    /// The outer terminal draws kitty's Unicode placeholders: kitty 0.28 and later, ghostty.
    public var outerDrawsPlaceholders: Bool {
        let outer = outerTerminal
        return (outer.name == "kitty" && outer.isAtLeast([0, 28])) || outer.name == "ghostty"
    }

    /// Pictures can be placeholder cells in the pane: the outer terminal draws them, their
    /// images pass through (`allow-passthrough`), and the client takes their UTF-8.
    public var drawsPlaceholders: Bool { outerDrawsPlaceholders && allowsPassthrough && utf8 }

    /// The client of the tmux tview runs in (`TMUX` set), or nil.
    public static func current(environment: [String: String]) -> TmuxClient? {
        guard let socket = environment["TMUX"], !socket.isEmpty,
            let shown = run(
                "tmux display-message -p '#{client_termname} #{pane_top} #{pane_left} #{client_utf8} #{client_termtype}'"
            )
        else { return nil }
        let fields = shown.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        guard fields.count >= 4, let top = Int(fields[1]), let left = Int(fields[2]) else { return nil }
        let allowed = run("tmux show-options -gv allow-passthrough") ?? ""
        let type = fields.count > 4 ? String(fields[4]) : ""
        return TmuxClient(
            terminalName: String(fields[0]), pane: TmuxPassthrough(top: top, left: left),
            allowsPassthrough: allowed == "on" || allowed == "all", terminalType: type.isEmpty ? nil : type,
            utf8: fields[3] == "1")
    }

    /// The first line a shell command prints, without its error output; nil if it failed.
    private static func run(_ command: String) -> String? {
        guard let pipe = popen(command + " 2>/dev/null", "r") else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        let line =
            fgets(&buffer, CInt(buffer.count), pipe) != nil
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        guard pclose(pipe) == 0, let line else { return nil }
        return String(line.prefix { $0 != "\n" })
    }
}
