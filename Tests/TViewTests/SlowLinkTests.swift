import Foundation
import Testing

/// tview behind a slow link (a throttled pseudo-terminal that answers status queries only once
/// it has shown them): it stays real-time by pacing on the answers, and the answers never reach
/// the screen or the keys.
@Suite struct SlowLinkTests {
    /// demo-ball.gif, 4 loops: 3.84 s. At 80x24 tview writes about 80 KB a loop; through 20 KB/s
    /// with a 1 MB buffer, writing every frame would finish on screen after about 16 s.
    static let nominal = 3.84

    /// tview playing demo-ball.gif `loops` times (0: forever) behind `terminal`, with `options`.
    private func playBall(
        _ options: [String] = [], loops: Int, behind terminal: ThrottledTerminal
    ) throws -> ThrottledTerminal.Run {
        let environment = [
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
        return try terminal.run(
            CommandRunner.executable.path, options + ["--loops", String(loops), CommandRunner.sample("demo-ball.gif")],
            environment: environment)
    }

    @Test func pacedPlayingStaysRealTimeAndAnswersStayOffTheScreen() throws {
        let run = try playBall(loops: 4, behind: ThrottledTerminal())
        #expect(run.status == 0)
        let first = try #require(run.firstGlyph)
        let onScreen = ThrottledTerminal.seconds(run.lastShown - first)
        // Real time: the screen is done shortly after the nominal time (a loose bound, for a
        // busy machine), not after the 16 s that unpaced writing takes.
        #expect(onScreen >= Self.nominal * 0.9, "not quit early (an answer taken for Esc would quit)")
        #expect(onScreen <= Self.nominal * 2, "the last frame reached the screen \(onScreen) s after the first")
        // Frames kept coming: acknowledged frames every so often, not one burst.
        #expect(run.queriesShown.count >= 15)
        let times = run.queriesShown.map(ThrottledTerminal.seconds)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect((gaps.max() ?? 0) < 1.0, "the screen changed at least once a second: gaps \(gaps)")
        // No answer was echoed (raw, or as ^[[0n).
        #expect(!ThrottledTerminal.contains(run.shown, Array("[0n".utf8)))
    }

    /// `--inline` measures the empty link before its first frame, as full screen does: a status
    /// query goes out first. Without it the pacer's first round trip was the first frame's own
    /// way to the screen (0.2-0.6 s over SSH at 2 Mbit/s), the throughputs it worked out from
    /// there were 20 to 45 times the link's, frames went out too early and the loop ended up to
    /// 10 % late on the far screen (e2e/ssh_link.py).
    @Test func inlineMeasuresTheEmptyLinkBeforeItsFirstFrame() throws {
        var terminal = ThrottledTerminal()
        terminal.replies = [(Array("\u{1B}[c".utf8), Array("\u{1B}[?62;22c".utf8))]
        let run = try playBall(["--inline"], loops: 1, behind: terminal)
        #expect(run.status == 0)
        let firstQuery = try #require(ThrottledTerminal.firstIndex(of: Array("\u{1B}[5n".utf8), in: run.shown))
        // Any block element (U+2580-U+259F begin E2 96): the first frame's first cell.
        let firstGlyph = try #require(ThrottledTerminal.firstIndex(of: [0xE2, 0x96], in: run.shown))
        #expect(firstQuery < firstGlyph, "the first status query went out after the first frame")
        #expect(!ThrottledTerminal.contains(run.shown, Array("[0n".utf8)))
    }

    @Test func keysStillWorkWhileAnswersArrive() throws {
        var terminal = ThrottledTerminal()
        terminal.keys = [(.milliseconds(1500), Array("q".utf8))]
        let run = try playBall(loops: 0, behind: terminal)
        #expect(run.status == 0)
        // Playing forever until q at 1.5 s: it quits then (the answers before it were no keys).
        let exited = run.exitedSeconds
        #expect(exited >= 1.4 && exited < 6, "exited at \(exited) s")
        #expect(run.queriesShown.count >= 5)
        #expect(!ThrottledTerminal.contains(run.shown, Array("[0n".utf8)))
    }

    @Test func aTerminalThatAnswersNothingStillPlays() throws {
        var terminal = ThrottledTerminal()
        terminal.bytesPerSecond = 10_000_000
        terminal.answerDelay = .seconds(3600)  // never, within the test
        let run = try playBall(loops: 4, behind: terminal)
        #expect(run.status == 0)
        let exited = run.exitedSeconds
        // Four loops (3.84 s) at full speed: not held back waiting for answers.
        #expect(exited >= 3.8 && exited < 6.5, "exited at \(exited) s")
        // Queries stop once the first answer is overdue (2 s): fewer than one per frame (96).
        #expect(run.queriesShown.count < 80)
    }
}

/// A terminal that stopped reading altogether (a hung SSH session, a stopped terminal emulator):
/// tview blocks writing to it, and must still end on a signal within a bounded time, giving the
/// terminal its modes back.
@Suite struct StoppedTerminalTests {
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func aSignalEndsTviewWhileItsWriteIsBlocked(signal: CInt) throws {
        var terminal = ThrottledTerminal()
        terminal.bytesPerSecond = 0
        terminal.bufferBytes = 1
        terminal.signals = [(.milliseconds(1500), signal)]
        terminal.timeLimit = .seconds(15)
        let environment = [
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
        let run = try terminal.run(
            CommandRunner.executable.path, ["--pixels", "none", CommandRunner.sample("demo-ball.gif")],
            environment: environment)
        #expect(run.status == 128 + signal, "status \(run.status)")
        let exited = run.exitedSeconds
        // One second's deadline after the signal at 1.5 s (loose, for a busy machine).
        #expect(exited < 4.5, "exited at \(exited) s")
        #expect(run.echoes && run.editsLines, "the terminal's modes were not given back")
    }
}
