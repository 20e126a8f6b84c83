import Foundation
import Testing

/// Standard input, FIFOs and devices: checked from their first bytes before anything is copied,
/// copied no further than the memory budget, and never able to leave tview deaf to q.
@Suite struct StreamInputTests {
    @Test func aDeviceOfZerosIsRefusedAtOnce() throws {
        let result = try CommandRunner.run(["--info", "/dev/zero"], timeout: 20)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "tview: /dev/zero: not a GIF, PNG, WebP, JPEG, AVIF, JPEG XL image or video clip (starts with 00 00 00 00 00 00 00 00)\n"
        )
    }

    @Test func anEndlessImageOnStandardInputStopsAtTheBudget() throws {
        // A GIF's header, then 20 MB more than the 16 MB budget: refused, not copied to the end.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: CommandRunner.sample("demo-ball.gif")))
        bytes.append(Data(count: 36 << 20))
        let result = try CommandRunner.run(["--max-memory", "16", "--info", "-"], input: bytes, timeout: 60)
        #expect(result.status == 2)
        #expect(
            result.standardError == "tview: -: more than 16 MB, the memory budget (--max-memory), and still coming\n")
    }

    /// tview on a pty, reading a FIFO no one writes to, with `key` typed after a second.
    private func waitOnAFIFO(_ arguments: [String], typing key: [UInt8]) throws -> ThrottledTerminal.Run {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("tview-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        var terminal = ThrottledTerminal()
        terminal.bytesPerSecond = 10_000_000
        terminal.keys = [(.milliseconds(1000), key)]
        terminal.timeLimit = .seconds(15)
        return try terminal.run(
            CommandRunner.executable.path, arguments + [fifo],
            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
    }

    @Test func aFIFOThatNeverSendsCanBeLeftWithQ() throws {
        let run = try waitOnAFIFO([], typing: Array("q".utf8))
        #expect(run.status == 2)
        let exited = run.exitedSeconds
        #expect(exited >= 0.9 && exited < 4, "exited at \(exited) s")
        let text = String(decoding: run.shown, as: UTF8.self)
        #expect(text.contains("stopped before the input ended"), "\(text)")
        // The q was read as a key, not echoed onto the screen, and the modes came back.
        #expect(!text.contains("q"), "\(text.debugDescription)")
        #expect(run.echoes && run.editsLines)
    }

    @Test func ctrlCWhileWaitingEndsTviewAsSIGINT() throws {
        let run = try waitOnAFIFO(["--info"], typing: [0x03])
        #expect(run.status == 130)
        #expect(run.exitedSeconds < 4)
        #expect(run.echoes && run.editsLines)
    }
}
