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

    public init(terminalName: String, pane: TmuxPassthrough, allowsPassthrough: Bool) {
        self.terminalName = terminalName
        self.pane = pane
        self.allowsPassthrough = allowsPassthrough
    }

    /// The client of the tmux tview runs in (`TMUX` set), or nil.
    public static func current(environment: [String: String]) -> TmuxClient? {
        guard let socket = environment["TMUX"], !socket.isEmpty,
            let shown = run("tmux display-message -p '#{client_termname} #{pane_top} #{pane_left}'")
        else { return nil }
        let fields = shown.split(separator: " ")
        guard fields.count == 3, let top = Int(fields[1]), let left = Int(fields[2]) else { return nil }
        let allowed = run("tmux show-options -gv allow-passthrough") ?? ""
        return TmuxClient(
            terminalName: String(fields[0]), pane: TmuxPassthrough(top: top, left: left),
            allowsPassthrough: allowed == "on" || allowed == "all")
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
