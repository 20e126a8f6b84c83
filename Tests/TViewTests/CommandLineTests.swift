import Decode
import Foundation
import Testing

/// The tview binary end to end: exit codes, messages, --info, --extract, standard input.
@Suite struct CommandLineTests {
    let gif = CommandRunner.sample("gif-transparent.gif")
    let apng = CommandRunner.sample("apng-blend-alpha.png")
    let missing = "/nonexistent/tview-test.gif"

    @Test func exitCodesSayHowManyFilesFailed() throws {
        #expect(try CommandRunner.run(["--info", gif, apng]).status == 0)
        #expect(try CommandRunner.run(["--info", gif, missing]).status == 1)
        #expect(try CommandRunner.run(["--info", missing]).status == 2)
        #expect(
            try CommandRunner.run([
                "--info", missing, CommandRunner.repository.appendingPathComponent("Package.swift").path,
            ]).status == 2)
    }

    @Test func usageErrorsExitTwoWithAMessage() throws {
        for arguments in [
            [], ["--bogus", gif], ["--json", gif], ["--extract", "/tmp/x", gif, apng], ["--info", "-", "-"],
            ["--generate-completion-script", "foo"],
        ] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.hasPrefix("tview: "), "\(arguments)")
            #expect(result.standardOutput.isEmpty)
            // The error on one line (then the pointer to --help), nothing escaped in it.
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 2 && lines[1] == "Run 'tview --help' for usage.", "\(arguments)")
            #expect(!lines[0].contains("\\"), "\(arguments): \(lines[0])")
        }
    }

    /// The message names what is wrong: an unknown option before a missing file, a negative
    /// number as the number it is (not as an option, which left the option "missing" its value),
    /// and `--extract` leaves no folder behind for a file that fails.
    @Test func usageErrorsNameWhatIsWrong() throws {
        let expected: [([String], String)] = [
            (["--bogus"], "tview: Unknown option '--bogus'"),
            (["--frame", "-1", gif], "tview: --frame counts from 1"),
            (["--loops", "-2", gif], "tview: --loops"),
            (["--duration", "-1", gif], "tview: --duration"),
        ]
        for (arguments, start) in expected {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.hasPrefix(start), "\(arguments): \(result.standardError)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tview-extract-none-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandRunner.run(["--extract", directory.path, missing])
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func helpExplainsAndExitsZero() throws {
        let result = try CommandRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE"))
        #expect(result.standardOutput.contains("--info"))
        #expect(result.standardOutput.contains("Exit status"))
    }

    @Test func versionAndHelpSayWhatTheyShould() throws {
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.wholeMatch(of: /tview \d+\.\d+\.\d+\n/) != nil, "\(version.standardOutput)")
        let help = try CommandRunner.run(["--help"])
        // Defaults read as they would be typed, not as Swift values.
        #expect(help.standardOutput.contains("(default: auto)"))
        #expect(!help.standardOutput.contains("BackgroundColor("))
        for key in ["Keys:", "--max-memory", "--version", "NO_COLOR"] {
            #expect(help.standardOutput.contains(key), "\(key)")
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsKnowEveryOption(shell: String) throws {
        let result = try CommandRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        for option in ["--info", "--max-memory", "--colors", "--loops", "--stats"] {
            #expect(result.standardOutput.contains(option.dropFirst(2)), "\(shell): \(option)")
        }
    }

    @Test func errorsAreOneLineNamingTheFile() throws {
        let result = try CommandRunner.run(["--info", missing])
        #expect(result.standardError == "tview: \(missing): No such file or directory\n")
        let wrongType = try CommandRunner.run([
            "--info", CommandRunner.repository.appendingPathComponent("Makefile").path,
        ])
        #expect(
            wrongType.standardError.hasSuffix(
                "not a GIF, PNG, WebP, JPEG, AVIF, JPEG XL image or video clip (starts with 23 20 74 76 69 65 77 20)\n")
        )
        #expect(wrongType.standardError.split(separator: "\n").count == 1)
    }

    @Test func infoJSONHasExactlyTheDocumentedKeys() throws {
        let result = try CommandRunner.run(["--info", "--json", gif, apng])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        let keys: Set = [
            "file", "file_bytes", "format", "source", "width", "height", "frames", "loop_count", "durations_ms",
            "color_profile", "truncated", "warnings",
        ]
        for object in objects { #expect(Set(object.keys) == keys) }
        #expect(objects[0]["format"] as? String == "gif")
        #expect(objects[0]["width"] as? Int == 16 && objects[0]["height"] as? Int == 14)
        #expect(objects[0]["frames"] as? Int == 3)
        #expect(objects[0]["loop_count"] as? Int == 0)
        #expect(objects[0]["durations_ms"] as? [Int] == [50, 50, 50])
        #expect(objects[0]["truncated"] as? Bool == false)
        #expect(objects[1]["format"] as? String == "apng")
        #expect(objects[1]["loop_count"] as? Int == 2)
        let noLoop = try CommandRunner.run(["--info", "--json", CommandRunner.sample("gif-delays-no-loop.gif")])
        #expect(noLoop.standardOutput.contains("\"loop_count\":null"))
        #expect(noLoop.standardOutput.contains("\"durations_ms\":[100,100,20,500]"))
    }

    /// A JPEG XL's colour profile is named as the other formats' are: a JPEG transcoded by cjxl
    /// with its ICC profile, a lossy file whose P3 libjxl makes sRGB; none for an sRGB one.
    @Test func infoNamesAJPEGXLsColourProfile() throws {
        for (name, profile) in [
            ("jxl-jpeg-display-p3.jxl", "\"Display P3\""), ("jxl-lossy-display-p3.jxl", "\"Display P3\""),
            ("jxl-lossless-alpha.jxl", "null"),
        ] {
            let result = try CommandRunner.run(["--info", "--json", CommandRunner.sample(name)])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("\"color_profile\":\(profile),"), "\(name)")
        }
    }

    @Test func truncatedFilesReportTheFramesThatDecoded() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: apng))
        let result = try CommandRunner.run(["--info", "--json", "-"], input: bytes.prefix(bytes.count - 200))
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any] ?? [:]
        #expect(object["truncated"] as? Bool == true)
        #expect((object["frames"] as? Int ?? 0) >= 1 && (object["frames"] as? Int ?? 9) < 4)
        #expect((object["warnings"] as? [String])?.isEmpty == false)
    }

    @Test func standardInputReadsLikeAFile() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: gif))
        let piped = try CommandRunner.run(["--info", "--json", "-"], input: bytes)
        let named = try CommandRunner.run(["--info", "--json", gif])
        #expect(piped.status == 0)
        #expect(
            piped.standardOutput.replacingOccurrences(of: "\"file\":\"-\"", with: "\"file\":\"\(gif)\"")
                .replacingOccurrences(of: "\"file_bytes\":\"-\"", with: "\"file_bytes\":\"\(gif)\"")
                == named.standardOutput)
    }

    @Test func emptyStandardInputIsAnError() throws {
        let result = try CommandRunner.run(["--info", "-"], input: Data())
        #expect(result.status == 2)
        #expect(result.standardError == "tview: -: empty input\n")
    }

    @Test func extractWritesEveryFrameAsPNG() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tview-extract-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandRunner.run(["--extract", directory.path, apng])
        #expect(result.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["frame-0001.png", "frame-0002.png", "frame-0003.png", "frame-0004.png"])
        // Each written PNG decodes back to the very canvas the decoder produced.
        let source = try AnimatedImage.open(path: apng)
        for name in names {
            let frame = try #require(try source.nextFrame())
            let written = try AnimatedImage.open(path: directory.appendingPathComponent(name).path)
            let image = try #require(try written.nextFrame()).image
            let same = image == frame.image
            #expect(same, "\(name) differs from the decoded frame")
        }
    }

    /// A symbolic link already in the folder is not written through: the file it points to,
    /// outside the folder, is left as it was.
    @Test func extractDoesNotWriteThroughALink() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("tview-extract-link-\(getpid())")
        defer { try? FileManager.default.removeItem(at: base) }
        let directory = base.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let outside = base.appendingPathComponent("outside.txt")
        try Data("kept".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("frame-0001.png").path, withDestinationPath: outside.path)
        let result = try CommandRunner.run(["--extract", directory.path, apng])
        #expect(result.status == 2)
        #expect(result.standardError.contains("frame-0001.png: is a symbolic link"))
        #expect(try String(contentsOf: outside, encoding: .utf8) == "kept")
    }
}

/// The man page `make man` writes (docs/make_man.py, from tview's own description of its options):
/// every option with its default and allowed values, and nothing for `mandoc -T lint` or
/// `groff -ww` to say.
@Suite struct ManualPageTests {
    @Test func theManPageIsCompleteAndLintClean() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("tview-\(getpid()).1").path
        defer { try? FileManager.default.removeItem(atPath: page) }
        let make = try CommandRunner.runTool(
            "/usr/bin/python3",
            [
                CommandRunner.repository.appendingPathComponent("docs/make_man.py").path,
                CommandRunner.executable.path, "2026-11-24", page,
            ])
        #expect(make.status == 0, "\(make.output)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        for expected in [
            ".It Fl \\-colors Ar MODE", "Values: auto, truecolor, 256, 16, 8, mono.", "Default: 512.", "Default: 25.",
            ".It Fl t , Fl \\-duration Ar SECONDS", ".Sh EXIT STATUS", ".Ss Keys", ".Dd November 24, 2026",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        #expect(!text.contains("subcommand"))
        let lint = try CommandRunner.runTool("/usr/bin/mandoc", ["-T", "lint", "-W", "style", page])
        #expect(lint.output.isEmpty, "\(lint.output)")
        #expect(lint.status == 0)
        // groff (what man runs) reads its input as Latin-1: a raw UTF-8 character (the en dash of a
        // range) turns into two or three invalid ones, each a warning. Every non-ASCII character
        // must be an escape, for the typesetter's device as for the terminal's.
        for device in ["ps", "utf8"] {
            let groff = try CommandRunner.runTool("/usr/bin/groff", ["-mandoc", "-T", device, "-ww", "-z", page])
            #expect(groff.output.isEmpty, "groff -T \(device): \(groff.output)")
            #expect(groff.status == 0)
        }
        #expect(!text.unicodeScalars.contains { !$0.isASCII }, "a character roff reads as Latin-1")
    }
}
