import Foundation
import TestSupport
import Testing

/// What a hostile file name or file cannot do: write escape sequences to the terminal through
/// tview's messages. And output that cannot be written ends tview with an error, never silently
/// or never at all.
@Suite struct HostileInputTests {
    /// A copy of a sample under a name that would retitle the window and ring the bell.
    private func evilCopy(of sample: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evil\u{1B}]0;PWNED\u{07}\u{9B}2J-\(getpid()).gif"
        ).path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: CommandRunner.sample(sample), toPath: path)
        return path
    }

    /// No byte that starts or ends an escape sequence, rings, or reorders text.
    private func expectInert(_ text: String, _ comment: Comment? = nil) {
        let acting = text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
        }
        #expect(acting.isEmpty, "\(acting.map { String($0.value, radix: 16) }) in \(text.debugDescription)")
    }

    @Test func fileNamesAreQuotedInEveryMessage() throws {
        let evil = try evilCopy(of: "gif-transparent.gif")
        defer { try? FileManager.default.removeItem(atPath: evil) }
        let info = try CommandRunner.run(["--info", evil])
        #expect(info.status == 0)
        expectInert(info.standardOutput)
        // coreutils' shell-escape quoting: pasted into bash, it names the file again.
        #expect(info.standardOutput.contains("'$'\\e'']0;PWNED'$'\\a\\u009b''2J-"))

        let missing = evil + ".missing"
        let error = try CommandRunner.run(["--info", missing])
        #expect(error.status == 2)
        expectInert(error.standardError)
        #expect(error.standardError.hasSuffix("2J-\(getpid()).gif.missing': No such file or directory\n"))
        #expect(error.standardError.split(separator: "\n").count == 1)

        // JSON keeps the exact name (a JSON reader gets it back) and escapes it for the terminal.
        let json = try CommandRunner.run(["--info", "--json", evil])
        expectInert(json.standardOutput)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(object?["file"] as? String == evil)

        // The status line is not shown on a pipe; the animation's own text must be inert too.
        let animate = try CommandRunner.run(["--animate", "--loops", "1", "--size", "8x4", evil, missing])
        #expect(animate.status == 1)
        expectInert(animate.standardError)
    }

    @Test func aNameThatIsNotUTF8OpensAndPrintsAsHex() throws {
        // Made and named through the shell: Foundation would turn the byte into U+FFFD.
        let folder = FileManager.default.temporaryDirectory.path + "/tview-bytes-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sample = CommandRunner.sample("gif-1x1.gif")
        let script = "f=\"$(printf '\(folder)/odd\\377.gif')\"; cp '\(sample)' \"$f\" && exec \"$0\" --info \"$f\""
        let result = try CommandRunner.run(["-c", script, CommandRunner.executable.path], shell: true)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("'\(folder)/odd'$'\\xff''.gif': GIF 1x1"))

        // JSON: `file` cannot hold the byte; `file_bytes` has it, percent-encoded, and a script
        // opens the file again with what it decodes to.
        let json =
            "f=\"$(printf '\(folder)/odd\\377 %%.gif')\"; cp '\(sample)' \"$f\" && exec \"$0\" --info --json \"$f\""
        let described = try CommandRunner.run(["-c", json, CommandRunner.executable.path], shell: true)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(described.standardOutput.utf8)) as? [String: Any])
        let encoded = try #require(object["file_bytes"] as? String)
        #expect(encoded == folder.replacingOccurrences(of: "%", with: "%25") + "/odd%FF %25.gif")
        let reopen =
            "import os, sys, urllib.parse; os.execv(sys.argv[1], [sys.argv[1], '--info', "
            + "urllib.parse.unquote_to_bytes(sys.argv[2])])"
        let again = try CommandRunner.run(
            ["-c", "exec python3 -c \"$2\" \"$0\" \"$1\"", CommandRunner.executable.path, encoded, reopen], shell: true)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("GIF 1x1"))
    }

    @Test func bytesFromInsideAFileAreShownAsEscapes() throws {
        // A PNG whose first chunk is named ESC ] 2 ; — the message names the chunk.
        var bytes: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0, 0x1B, 0x5D, 0x32, 0x3B, 0, 0, 0, 0,
        ]
        bytes += Array("IEND".utf8)
        let result = try CommandRunner.run(["--info", "-"], input: Data(bytes))
        #expect(result.status == 2)
        expectInert(result.standardError)
        #expect(result.standardError.contains("first chunk is \\e]2;, not IHDR"))
    }

    @Test func usageErrorsDoNotEchoEscapes() throws {
        let result = try CommandRunner.run(["--colors", "\u{1B}[2J", CommandRunner.sample("gif-1x1.gif")])
        #expect(result.status == 2)
        expectInert(result.standardError)
        #expect(result.standardError.contains("\\e[2J"))
    }

    @Test(arguments: [
        ["--info", "gif-transparent.gif"], ["--info", "--json", "gif-transparent.gif"],
        ["--size", "8x4", "gif-transparent.gif"], ["--animate", "--size", "8x4", "demo-ball.gif"],
        ["--help"],
    ])
    func aFullDiskIsAnErrorNotSilence(arguments: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let resolved = arguments.map { $0.hasSuffix(".gif") ? CommandRunner.sample($0) : $0 }
        // --animate loops forever: it must notice the first failed write and stop.
        let result = try CommandRunner.run(resolved, output: full, timeout: 30)
        #expect(result.status == 2, "\(arguments)")
        #expect(
            result.standardError == "tview: cannot write to standard output: No space left on device\n", "\(arguments)")
    }
}

/// Files that are valid but costly by design: memory and work follow what their frames draw.
@Suite struct CostlyInputTests {
    /// 8000x8000 declared, 200 frames of one pixel (samples/bad, made by make_samples.py).
    let bomb = CommandRunner.repository.appendingPathComponent("samples/bad/gif-8000x8000-canvas-1x1-frames.gif").path

    /// (`run`: one copy of the test; e2e/flake_hunt.py runs 50 beside the rest of the suite.)
    @Test(arguments: Repetition.runs)
    func aHugeCanvasOfTinyFramesPlaysInLittleMemory(run: Int) throws {
        // A whole canvas would be 244 MB: pages no frame draws on are never touched. (At worst it
        // could take 521 MB, over the default budget.)
        let result = try CommandRunner.run([
            "--max-memory", "600", "--animate", "--loops", "1", "-t", "1", "--size", "40x12", "--stats", bomb,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(result.standardError.split(separator: "\n").last)
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect((stats["frames_shown"] as? Int ?? 0) >= 1)
        let peak = try #require(stats["peak_rss_mb"] as? Double)
        Repetition.record("aHugeCanvasOfTinyFramesPlaysInLittleMemory run \(run): peak_rss_mb \(peak)")
        // 18 MB in a release build, about 100 under AddressSanitizer; a touched canvas is 244 more.
        #expect(peak < 160, "peak \(peak) MB; \(line)")

        let info = try CommandRunner.run(["--max-memory", "600", "--info", "--json", bomb])
        #expect(info.status == 0)
        #expect(info.standardOutput.contains("\"frames\":200"))
    }

    /// `--stats` gives tview's own peak, not its parent's: spawned by a runner that has held
    /// 400 MB (posix_spawn shares the runner's memory until exec, and getrusage's ru_maxrss keeps
    /// that peak across exec), a small file still reports tview's own ~20 MB. This is what made
    /// the test above fail now and then: it read the runner's peak at that moment of the suite.
    @Test func statsReportTheProgramsOwnPeakMemory() throws {
        let ballastBytes = 400 << 20
        let ballast = UnsafeMutableRawPointer.allocate(byteCount: ballastBytes, alignment: 4096)
        defer { ballast.deallocate() }
        memset(ballast, 1, ballastBytes)  // touched: resident in the runner
        let result = try CommandRunner.run([
            "--animate", "--loops", "1", "--size", "8x4", "--stats", CommandRunner.sample("gif-1x1.gif"),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(result.standardError.split(separator: "\n").last)
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let peak = try #require(stats["peak_rss_mb"] as? Double)
        #expect(peak > 1 && peak < 200, "peak \(peak) MB; \(line)")
    }

    @Test func theMemoryBudgetRefusesWhatCouldExceedIt() throws {
        let result = try CommandRunner.run(["--max-memory", "256", "--info", bomb])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasSuffix(
                "GIF needs up to 521 MB to decode its 8000x8000 canvas, over the memory budget of 256 MB (--max-memory)\n"
            ))
        #expect(try CommandRunner.run(["--max-memory", "16", "--info", bomb]).status == 2)
    }

    /// 188 bytes declaring 6680x6680: libwebp clears and keeps whole canvases, and the budget
    /// must count every one, so that peak RSS stays under it.
    let webpBomb = CommandRunner.repository.appendingPathComponent(
        "samples/bad/webp-6680x6680-canvas-1x1-frames.webp"
    ).path

    @Test func aWebPsCanvasesAreCountedInTheBudget() throws {
        let refused = try CommandRunner.run(["--info", webpBomb])
        #expect(refused.status == 2)
        #expect(
            refused.standardError.hasSuffix(
                "WebP needs up to 713 MB to decode its 6680x6680 canvas, over the memory budget of 512 MB (--max-memory)\n"
            ))
        // Allowed: it plays within the budget it was given (524 MB measured, one run).
        let budget = 720.0
        let result = try CommandRunner.run([
            "--max-memory", "720", "--animate", "--loops", "1", "--size", "20x6", "--stats", webpBomb,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(result.standardError.split(separator: "\n").last)
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let peak = try #require(stats["peak_rss_mb"] as? Double)
        #expect(peak <= budget, "peak \(peak) MB over the budget")
        // --info reads the container only: no canvas (the frames and their durations are stated).
        let info = try CommandRunner.run(["--max-memory", "720", "--info", "--json", webpBomb])
        #expect(info.status == 0)
        #expect(info.standardOutput.contains("\"frames\":3"))
    }
}

/// samples/bad: inputs that once crashed, hung or blew up memory (fuzzing findings, bombs), each
/// named after what it does. Every one must end by itself with 0, 1 or 2 and a one-line
/// message at most per file, tview's own, through every mode that reads it.
@Suite struct RegressionFileTests {
    static let files: [String] = {
        let folder = CommandRunner.repository.appendingPathComponent("samples/bad")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).path }
    }()

    @Test func thereAreRegressionFiles() {
        #expect(!Self.files.isEmpty)
    }

    @Test(arguments: files)
    func endsCleanly(path: String) throws {
        for arguments in [
            ["--info"], ["--size", "40x12", "--frame", "1000"],
            ["--animate", "--loops", "1", "-t", "2", "--size", "20x6"],
        ] {
            let result = try CommandRunner.run(arguments + [path], timeout: 60)
            #expect([0, 1, 2].contains(result.status), "\(arguments) \(path): status \(result.status)")
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count <= 2, "\(result.standardError)")
            // Every line tview's own: none printed by a library past the one escaping path.
            #expect(lines.allSatisfy { $0.hasPrefix("tview: ") }, "\(arguments) \(path): \(result.standardError)")
        }
    }
}
