import Foundation
import Glibc
import Testing

/// Every synchronized update tview begins (`ESC [ ? 2026 h`) it ends (`ESC [ ? 2026 l`): a
/// terminal that honours mode 2026 (kitty, foot, WezTerm, tmux 3.4) shows nothing new until the
/// end comes or its own timeout passes. tview runs in a pseudo-terminal that says it knows the
/// mode (DECRQM ?2026 answered 2), in every way of showing pictures, ending by q, by itself, on
/// an error or on a signal; every `h` in what reached the screen must be followed by its `l`
/// before the next `h` and before the end.
@Suite struct SynchronizedUpdateTests {
    static let environment = [
        "TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ]
    static let begin = Array("\u{1B}[?2026h".utf8)
    static let end = Array("\u{1B}[?2026l".utf8)

    /// The terminal the run gets: which pictures it takes, as its answers say.
    enum Kind: String, Sendable {
        case text, sixel, kitty
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let terminal: Kind
        let arguments: [String]
        /// Ends with q at 1.2 s, unless a signal does it (at 1.2 s) or it ends by itself.
        var signal: CInt? = nil
        var quits = true
        /// Run through `sh -c '... | cat'`: standard output a pipe, `cat` writing to the terminal.
        var piped = false
        /// Where tview decides on an envelope at all (the terminal said it knows the mode): at
        /// least one must go out, so the check cannot pass on output that has none.
        var expectsEnvelope = true
        /// The exit status where no signal ends it (a pipeline's is `cat`'s).
        var exitStatus: Int32 = 0
        var status: Int32 { signal.map { piped ? 0 : 128 + $0 } ?? exitStatus }

        /// A link this slow (bytes a second, with 8 KB in flight), else a fast one.
        var slowLink: Int? = nil

        var testDescription: String { name }
    }

    static let demo = CommandRunner.sample("demo-ball.gif")
    static let still = CommandRunner.sample("png-still-alpha.png")
    /// Its header reads, its one frame does not decode: it fails once the screen is set up.
    static let broken = CommandRunner.repository.appendingPathComponent("samples/bad/avif-still-obu-damaged.avif")
        .path

    static let cases: [Case] = [
        Case(name: "full screen text", terminal: .text, arguments: [demo]),
        Case(name: "full screen text, ncurses", terminal: .text, arguments: ["--draw", "curses", demo]),
        Case(name: "full screen sixel", terminal: .sixel, arguments: [demo]),
        Case(name: "full screen kitty", terminal: .kitty, arguments: [demo]),
        Case(name: "gallery text", terminal: .text, arguments: ["--grid", "2x1", demo, still]),
        Case(name: "gallery sixel", terminal: .sixel, arguments: ["--grid", "2x1", demo, still]),
        Case(name: "inline text", terminal: .text, arguments: ["--inline", demo]),
        Case(name: "inline sixel", terminal: .sixel, arguments: ["--inline", demo], expectsEnvelope: false),
        Case(name: "inline kitty", terminal: .kitty, arguments: ["--inline", demo], expectsEnvelope: false),
        // --place and --clear ask nothing: whatever they send, they close.
        Case(
            name: "place text", terminal: .text, arguments: ["--place", "30x10@40x5", still], quits: false,
            expectsEnvelope: false),
        Case(
            name: "place sixel", terminal: .sixel, arguments: ["--place", "30x10@40x5", "--pixels", "sixel", still],
            quits: false, expectsEnvelope: false),
        Case(
            name: "place kitty", terminal: .kitty, arguments: ["--place", "30x10@40x5", "--pixels", "kitty", still],
            quits: false, expectsEnvelope: false),
        Case(
            name: "clear", terminal: .kitty, arguments: ["--clear", "--place", "30x10@40x5"], quits: false,
            expectsEnvelope: false),
        Case(
            name: "animate to a pipe", terminal: .text, arguments: ["--animate", "-t", "1", demo], quits: false,
            piped: true),
        Case(
            name: "a file that fails to decode", terminal: .text, arguments: [broken], quits: false,
            expectsEnvelope: false, exitStatus: 2),
        Case(
            name: "a file that fails, then one that plays", terminal: .text, arguments: [broken, demo], exitStatus: 1),
        Case(
            name: "a file that is no picture", terminal: .text,
            arguments: [CommandRunner.repository.path + "/README.md", demo], exitStatus: 1),
        Case(name: "a file that fails, inline", terminal: .text, arguments: ["--inline", broken, demo], exitStatus: 1),
        Case(name: "SIGTERM full screen", terminal: .text, arguments: [demo], signal: SIGTERM),
        Case(name: "SIGINT full screen sixel", terminal: .sixel, arguments: [demo], signal: SIGINT),
        Case(name: "SIGINT gallery", terminal: .text, arguments: ["--grid", "2x1", demo, still], signal: SIGINT),
        Case(
            name: "SIGTERM unpaced over a slow link", terminal: .text, arguments: ["--no-pacing", demo],
            signal: SIGTERM, slowLink: 20_000),
        Case(
            name: "SIGTERM sixel unpaced over a slow link", terminal: .sixel, arguments: ["--no-pacing", demo],
            signal: SIGTERM, slowLink: 20_000),
        Case(name: "SIGTERM inline", terminal: .text, arguments: ["--inline", demo], signal: SIGTERM),
        Case(
            name: "SIGTERM animate to a pipe", terminal: .text, arguments: ["--animate", demo], signal: SIGTERM,
            piped: true),
    ]

    /// A fast terminal that answers as `kind` does, and says it knows mode 2026.
    static func terminal(_ kind: Kind) -> ThrottledTerminal {
        var replies: [(String, String)] = [("\u{1B}[?2026$p", "\u{1B}[?2026;2$y")]
        switch kind {
        case .text:
            replies += [("\u{1B}[>0q", "\u{1B}P>|XTerm(379)\u{1B}\\"), ("\u{1B}[c", "\u{1B}[?62;22c")]
        case .sixel:
            replies += [("\u{1B}[>0q", "\u{1B}P>|XTerm(379)\u{1B}\\"), ("\u{1B}[c", "\u{1B}[?63;4c")]
        case .kitty:
            replies += [
                ("i=1953955584,s=1,v=1,a=q", "\u{1B}_Gi=1953955584;OK\u{1B}\\"),
                ("\u{1B}[>0q", "\u{1B}P>|kitty(0.26.5)\u{1B}\\"), ("\u{1B}[c", "\u{1B}[?62;22c"),
            ]
        }
        var terminal = ThrottledTerminal()
        terminal.bytesPerSecond = 50_000_000
        terminal.answerDelay = .milliseconds(2)
        terminal.replies = replies.map { (Array($0.0.utf8), Array($0.1.utf8)) }
        terminal.timeLimit = .seconds(20)
        return terminal
    }

    /// Where each `h` is left open: the offsets of those not followed by an `l` before the next
    /// `h` or the end.
    static func unclosed(_ bytes: [UInt8]) -> [Int] {
        var open: [Int] = []
        var pending: Int?
        var index = 0
        while let found = bytes[index...].firstRange(of: [0x1B, UInt8(ascii: "["), UInt8(ascii: "?")]) {
            let rest = bytes[found.lowerBound...]
            if rest.starts(with: begin) {
                if let pending { open.append(pending) }
                pending = found.lowerBound
            } else if rest.starts(with: end) {
                pending = nil
            }
            index = found.upperBound
        }
        if let pending { open.append(pending) }
        return open
    }

    @Test func theCheckFindsAnUpdateLeftOpen() {
        let frame = Self.begin + Array("x".utf8) + Self.end
        #expect(Self.unclosed(frame + frame).isEmpty)
        #expect(Self.unclosed(Array("plain".utf8) + Self.end).isEmpty)
        #expect(Self.unclosed(frame + Self.begin + Array("y".utf8)) == [frame.count])
        #expect(Self.unclosed(Self.begin + frame) == [0])
    }

    @Test(arguments: cases)
    func everyUpdateBegunIsEnded(_ mode: Case) throws {
        var terminal = Self.terminal(mode.terminal)
        if let rate = mode.slowLink {
            terminal.bytesPerSecond = rate
            terminal.bufferBytes = 8192
        }
        if let signal = mode.signal {
            terminal.signals = [(.milliseconds(1200), signal)]
            // To the pipeline's group: the shell and `cat` ignore it (below), tview ends on it.
            terminal.signalsGroup = mode.piped
        } else if mode.quits {
            terminal.keys = [(.milliseconds(1200), Array("q".utf8))]
        }
        let executable = CommandRunner.executable.path
        let run =
            mode.piped
            ? try terminal.run(
                "/bin/sh", ["-c", "trap '' INT TERM; \"$0\" \"$@\" | cat", executable] + mode.arguments,
                environment: Self.environment)
            : try terminal.run(executable, mode.arguments, environment: Self.environment)
        #expect(run.status == mode.status, "\(mode.name): exit status \(run.status)")
        let begun = String(decoding: run.shown, as: UTF8.self).components(separatedBy: "\u{1B}[?2026h").count - 1
        if mode.expectsEnvelope { #expect(begun > 0, "\(mode.name): no synchronized update at all") }
        let open = Self.unclosed(run.shown)
        #expect(
            open.isEmpty,
            "\(mode.name): \(open.count) of \(begun) synchronized updates never ended, the first at byte \(open.first ?? 0) of \(run.shown.count)"
        )
    }
}
