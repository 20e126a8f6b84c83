import Decode
import Foundation
import Graphics
import Testing

/// `tview --probe` and the one round of questions at start-up, on a pseudo-terminal that answers
/// like kitty, like nothing at all, or is a pipe; synchronized output only where DECRQM said so.
@Suite struct ProbeTests {
    static let environment = [
        "TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ]

    /// A fast terminal that answers `replies` (question, answer) as it shows the questions.
    static func answering(_ replies: [(String, String)]) -> ThrottledTerminal {
        var terminal = ThrottledTerminal()
        terminal.bytesPerSecond = 50_000_000
        terminal.answerDelay = .milliseconds(2)
        terminal.replies = replies.map { (Array($0.0.utf8), Array($0.1.utf8)) }
        terminal.timeLimit = .seconds(15)
        return terminal
    }

    /// A terminal that answers as kitty 0.26.5 does, plus DECRQM 2026 (which `knows` decides).
    static func kittyLike(knowsSynchronizedOutput knows: Bool) -> ThrottledTerminal {
        answering([
            ("i=1953955584,s=1,v=1,a=q", "\u{1B}_Gi=1953955584;OK\u{1B}\\"),
            ("\u{1B}[>0q", "\u{1B}P>|kitty(0.26.5)\u{1B}\\"),
            ("\u{1B}[?2026$p", "\u{1B}[?2026;\(knows ? 2 : 0)$y"),
            ("\u{1B}]11;?", "\u{1B}]11;rgb:3030/4040/5050\u{1B}\\"),
            ("\u{1B}[c", "\u{1B}[?62;22c"),
        ])
    }

    @Test func probeSaysWhatKittyAnsweredAndWhatWasChosen() throws {
        let run = try Self.kittyLike(knowsSynchronizedOutput: true).run(
            CommandRunner.executable.path, ["--probe"], environment: Self.environment)
        #expect(run.status == 0)
        let text = String(decoding: run.shown, as: UTF8.self)
        #expect(text.contains("terminal     kitty 0.26.5 (from XTVERSION)"), "\(text)")
        #expect(text.contains("pixels       kitty — it answered kitty's graphics query [--pixels]"))
        #expect(
            text.contains(
                "symbols      sextant with eighth blocks and wedges — kitty draws sextants and wedges itself since 0.19 [--symbols]"
            ), "\(text)")
        #expect(text.contains("synchronized yes — DECRQM ?2026 answered 2"))
        #expect(text.contains("colours      truecolor — COLORTERM=truecolor [--colors]"))
        #expect(text.contains("background   #304050 — its answer to OSC 11"))
        #expect(run.exitedSeconds < 2)
        #expect(run.echoes && run.editsLines)
    }

    @Test func probeOfATerminalThatAnswersNothingTakesHalfASecond() throws {
        var terminal = ThrottledTerminal()
        terminal.bytesPerSecond = 50_000_000
        terminal.answerDelay = .seconds(3600)
        let run = try terminal.run(CommandRunner.executable.path, ["--probe", "--json"], environment: Self.environment)
        #expect(run.status == 0)
        #expect(run.exitedSeconds >= 0.45 && run.exitedSeconds < 2.5, "\(run.exitedSeconds) s")
        let text = String(decoding: run.shown, as: UTF8.self)
        // The JSON line follows the questions tview wrote to the terminal.
        let start = try #require(text.range(of: "{\"terminal\""))
        let json = try #require(text[start.lowerBound...].split(separator: "\r").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["answered"] as? Bool == false && object["pixels"] is NSNull)
        #expect(object["synchronized_output"] as? Bool == false)
        #expect(object["symbols"] as? String == "quadrant")
    }

    @Test func probeOnALinuxConsoleAsksNothing() throws {
        var environment = Self.environment
        environment["TERM"] = "linux"
        let run = try Self.kittyLike(knowsSynchronizedOutput: true).run(
            CommandRunner.executable.path, ["--probe"], environment: environment)
        let text = String(decoding: run.shown, as: UTF8.self)
        #expect(text.contains("asked        nothing (not asked (TERM=linux))"), "\(text)")
        #expect(text.contains("symbols      half"))
        #expect(!text.contains("\u{1B}[c"), "a question went out")
    }

    /// No controlling terminal (a new session: cron, CI, ssh without -t).
    @Test func probeWithoutATerminalSaysSo() throws {
        let result = try CommandRunner.runTool("/usr/bin/setsid", [CommandRunner.executable.path, "--probe"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("no terminal (no /dev/tty): nothing asked"), "\(result.output)")
    }

    /// Standard output to a file or pipe: the terminal is still asked, through /dev/tty.
    @Test func probeToAFileStillAsksTheTerminal() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tview-probe-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try Self.kittyLike(knowsSynchronizedOutput: true).run(
            "/bin/sh", ["-c", "exec \"$0\" --probe --json > \(output)", CommandRunner.executable.path],
            environment: Self.environment)
        #expect(run.status == 0)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.contains("\"name\":\"kitty\"") && text.contains("\"pixels\":\"kitty\""), "\(text)")
    }

    /// foot (by XTVERSION) gets sixel frames as whole changed cells, and --probe says why; xterm
    /// gets the changed pixels only.
    @Test(arguments: [("foot(1.13.1)", true), ("XTerm(379)", false)])
    func probeSaysHowSixelFramesGo(name: String, wholeCells: Bool) throws {
        let terminal = Self.answering([
            ("\u{1B}[>0q", "\u{1B}P>|\(name)\u{1B}\\"), ("\u{1B}[c", "\u{1B}[?62;4;22c"),
        ])
        let run = try terminal.run(CommandRunner.executable.path, ["--probe"], environment: Self.environment)
        #expect(run.status == 0)
        let text = String(decoding: run.shown, as: UTF8.self)
        #expect(text.contains("pixels       sixel"), "\(text)")
        let expected =
            wholeCells
            ? "frames       changed cells whole — foot 1.13 shows pieces of earlier sixel images"
            : "frames       changed pixels only"
        #expect(text.contains(expected), "\(text)")
    }

    /// A sixel terminal that shows images of at most 200x100 pixels (XTSMGRAPHICS) never gets a
    /// larger one: xterm shows nothing for a sixel image over its maximum.
    @Test func sixelImagesStayWithinTheTerminalsMaximum() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tview-sixel-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("big.png").path
        try PNGFile.write(RGBAImage(width: 400, height: 300, fill: RGBA(r: 200, g: 40, b: 40)), to: picture)
        var terminal = Self.answering([("\u{1B}[?2;1;0S", "\u{1B}[?2;0;200;100S"), ("\u{1B}[c", "\u{1B}[?63;4c")])
        terminal.keys = [(.milliseconds(1500), Array("q".utf8))]
        let run = try terminal.run(CommandRunner.executable.path, [picture], environment: Self.environment)
        #expect(run.status == 0)
        let text = String(decoding: run.shown, as: UTF8.self)
        // Raster attributes of every sixel image: "1;1;width;height.
        let sizes = text.components(separatedBy: "q\"1;1;").dropFirst().compactMap { rest -> (Int, Int)? in
            let numbers = rest.prefix { $0.isNumber || $0 == ";" }.split(separator: ";").compactMap { Int($0) }
            return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
        }
        #expect(!sizes.isEmpty, "no sixel image")
        #expect(sizes.allSatisfy { $0.0 <= 200 && $0.1 <= 100 }, "\(sizes)")
    }

    /// XTSMGRAPHICS (the largest sixel image) goes only to a terminal whose pictures go as
    /// sixel, in a second round after the first's answers said so: kitty 0.26.5 logs a parse
    /// error for it, and a terminal without sixel has no use for it.
    @Test(arguments: [
        ("kitty", "\u{1B}P>|kitty(0.26.5)\u{1B}\\", "\u{1B}[?62;22c", false),
        ("xterm without sixel", "\u{1B}P>|XTerm(379)\u{1B}\\", "\u{1B}[?62;22c", false),
        ("xterm -ti vt340", "\u{1B}P>|XTerm(379)\u{1B}\\", "\u{1B}[?63;1;2;4;6;9;15;16;22;29c", true),
    ])
    func theSixelMaximumIsAskedOnlyOfSixelTerminals(name: String, version: String, attributes: String, asked: Bool)
        throws
    {
        var replies = [
            ("\u{1B}[>0q", version), ("\u{1B}[?2;1;0S", "\u{1B}[?2;0;1000;1000S"), ("\u{1B}[c", attributes),
        ]
        if name == "kitty" { replies.insert(("i=1953955584,s=1,v=1,a=q", "\u{1B}_Gi=1953955584;OK\u{1B}\\"), at: 0) }
        let run = try Self.answering(replies).run(
            CommandRunner.executable.path, ["--probe"], environment: Self.environment)
        #expect(run.status == 0)
        let text = String(decoding: run.shown, as: UTF8.self)
        #expect(text.contains("\u{1B}[?2;1;0S") == asked, "\(name): \(text)")
        #expect(text.contains("sixel at most 1000x1000") == asked, "\(name): \(text)")
        // Asked after the first round's answers, in a round of its own ended by device attributes.
        if asked {
            let first = try #require(text.range(of: "\u{1B}[c"))
            let second = try #require(text.range(of: "\u{1B}[?2;1;0S"))
            #expect(first.upperBound <= second.lowerBound)
            #expect(text[second.upperBound...].hasPrefix("\u{1B}[c"))
            #expect(text.contains("then XTSMGRAPHICS (sixel)"))
        }
    }

    /// Synchronized output (DEC mode 2026) goes out only to a terminal that said it knows it.
    @Test(arguments: [false, true])
    func synchronizedOutputOnlyWhereAnswered(knows: Bool) throws {
        var terminal = Self.kittyLike(knowsSynchronizedOutput: knows)
        terminal.keys = [(.milliseconds(1200), Array("q".utf8))]
        let run = try terminal.run(
            CommandRunner.executable.path, ["--pixels", "none", "--no-pacing", CommandRunner.sample("demo-ball.gif")],
            environment: Self.environment)
        #expect(run.status == 0)
        // --pixels none asks nothing: no answer, no synchronized output.
        #expect(!ThrottledTerminal.contains(run.shown, Array("\u{1B}[?2026h".utf8)))
        let asked = try terminal.run(
            CommandRunner.executable.path, ["--no-pacing", CommandRunner.sample("demo-ball.gif")],
            environment: Self.environment)
        #expect(asked.status == 0)
        let frames = String(decoding: asked.shown, as: UTF8.self).components(separatedBy: "\u{1B}[?2026h").count - 1
        if knows {
            #expect(frames >= 10, "\(frames) synchronized frames")
        } else {
            #expect(frames == 0)
        }
    }
}
