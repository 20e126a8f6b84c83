import Foundation
import Testing

/// A file whose name is made to retitle the window, ring the bell and clear the screen, played in
/// every display mode on a pseudo-terminal: every byte tview writes is read back, and the name
/// must only ever reach the screen escaped (`ScreenText`).
@Suite struct HostileScreenTests {
    /// ESC ] 0 ; PWNED BEL (window title), ESC [ 2 J (clear), U+009B (a one-character CSI).
    static let payload = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}"

    private func evilCopy(_ mode: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evil\(Self.payload)-\(getpid())-\(mode).gif"
        ).path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: CommandRunner.sample("demo-ball.gif"), toPath: path)
        return path
    }

    /// The screen bytes less the OSCs tview itself sends: iTerm2 images (OSC 1337, ended by BEL)
    /// and its questions for the terminal's colours (OSC 11 and 10, `?`).
    private func withoutITerm2Images(_ bytes: [UInt8]) -> [UInt8] {
        let start = Array("\u{1B}]1337;File=".utf8)
        let questions = [Array("\u{1B}]11;?\u{1B}\\".utf8), Array("\u{1B}]10;?\u{1B}\\".utf8)]
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if let question = questions.first(where: { bytes[index...].starts(with: $0) }) {
                index += question.count
                continue
            }
            if bytes[index] == 0x1B, bytes[index...].starts(with: start),
                let end = bytes[index...].firstIndex(of: 0x07)
            {
                index = end + 1
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    static let modes: [(name: String, arguments: [String], keys: [(Double, String)])] = [
        ("half blocks", [], [(1.2, "q")]),
        ("curses", ["--draw", "curses"], [(1.2, "q")]),
        ("kitty", ["--pixels", "kitty"], [(1.5, "q")]),
        ("sixel", ["--pixels", "sixel"], [(1.5, "q")]),
        ("iterm2", ["--pixels", "iterm2"], [(1.5, "q")]),
        // The gallery, then the file opened from it full screen (Enter), back (q), quit (q).
        ("gallery", ["--grid", "2x1", "+demo"], [(1.2, "\r"), (2.4, "q"), (3.4, "q")]),
        ("kitty gallery", ["--grid", "2x1", "--pixels", "kitty", "+demo"], [(1.5, "\r"), (3.0, "q"), (4.0, "q")]),
    ]

    @Test(arguments: 0..<modes.count)
    func theNameReachesTheScreenOnlyEscaped(mode: Int) throws {
        let (name, options, keys) = Self.modes[mode]
        let evil = try evilCopy(mode)
        defer { try? FileManager.default.removeItem(atPath: evil) }
        var arguments = options.filter { $0 != "+demo" } + [evil]
        if options.contains("+demo") { arguments.append(CommandRunner.sample("demo-ball.gif")) }
        var terminal = ThrottledTerminal()
        terminal.bytesPerSecond = 50_000_000
        terminal.answerDelay = .milliseconds(1)
        terminal.keys = keys.map { (.milliseconds(Int($0.0 * 1000)), Array($0.1.utf8)) }
        terminal.timeLimit = .seconds(20)
        let environment = [
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
        let run = try terminal.run(CommandRunner.executable.path, arguments, environment: environment)
        #expect(run.status == 0, "\(name): status \(run.status)")
        let shown = withoutITerm2Images(run.shown)
        let text = String(decoding: shown, as: UTF8.self)
        // The name was shown (status line or caption), and only as escapes: none of its
        // bell, title change or C1 CSI reached the terminal (tview itself sends none of them).
        #expect(text.contains("PWNED"), "\(name): the name never reached the screen")
        #expect(text.contains("\\e"), "\(name): the name's escape not shown as \\e")
        #expect(!shown.contains(0x07), "\(name): a bell")
        #expect(!ThrottledTerminal.contains(shown, Array("\u{1B}]".utf8)), "\(name): an OSC")
        #expect(!ThrottledTerminal.contains(shown, [0xC2, 0x9B]), "\(name): a C1 CSI")
    }
}
