import ArgumentParser
import Foundation
import Testing

@testable import tview

/// `QuickCommandLine` reads the common command lines without swift-argument-parser: wherever it
/// answers, its answer must be exactly what `TView`'s full parse gives, and it must not take a
/// command line the full parser refuses.
@Suite struct QuickCommandLineTests {
    /// A command line for every option `--help` lists, each valid with what it needs.
    static let validCommandLines: [[String]] = [
        ["a.gif"], ["a.gif", "b.webp", "-"], ["-"], ["help"], [""], ["a=b.gif"],
        ["--info", "a.gif"], ["--info", "--json", "a.gif", "b.gif"], ["--probe"], ["--probe", "--json"],
        ["--extract=d=x", "a.gif"], ["--extract", "frames", "a.gif"], ["--max-memory", "64", "a.gif"],
        ["--max-memory=16", "a.gif"],
        ["--size", "80x24", "a.gif"], ["--colors", "256", "a.gif"], ["--colors=mono", "--dither", "a.gif"],
        ["--bg", "#102030", "a.gif"], ["--bg=white", "a.gif"], ["--no-upscale", "a.gif"],
        ["--pixels", "kitty", "a.gif"], ["--draw", "curses", "a.gif"], ["--tolerance", "0", "a.gif"],
        ["--no-pacing", "a.gif"], ["--frame", "3", "a.gif"], ["--place", "40x20@3x4", "a.gif"],
        ["--place", "40x20@0x0", "--clear"], ["--symbols", "octant+wedge", "a.gif"],
        ["--symbols=half", "a.gif"], ["--loops", "1", "a.gif"], ["a.gif", "--loops", "0"],
        ["--duration", "2.5", "a.gif"], ["--cache-mb", "0", "a.gif"], ["--grid", "auto", "a.gif", "b.gif"],
        ["--grid", "3x2", "a.gif"], ["--inline", "a.gif"], ["--inline", "true"], ["--paused", "a.gif"],
        ["--no-status", "a.gif"],
        ["--animate", "a.gif"], ["--stats", "a.gif"], ["--fps", "12.5", "frames/%04d.png"],
        ["--range", "3-9", "frames"], ["--sheet", "8x4", "--count", "30", "sheet.png"],
        ["--frame-size", "64x64", "sheet.png"],
        ["--loops", "1", "--symbols", "quad", "--colors", "truecolor", "--stats", "a.gif", "b.gif"],
    ]

    /// Command lines the quick reading must leave to the full parser: errors, help, short
    /// options, and spellings it does not take.
    static let otherCommandLines: [[String]] = [
        [], ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"],
        ["--experimental-dump-help"], ["-t", "3", "a.gif"], ["--", "-a.gif"], ["a.gif", "--", "b.gif"],
        ["-a.gif"], ["--loops"], ["--loops", "-1", "a.gif"], ["--loops", "x", "a.gif"], ["--loops=", "a.gif"],
        ["--extract=", "a.gif"], ["--paused", "--", "x"], ["--fram", "3", "a.gif"], ["--bg=", "white", "a.gif"],
        ["--loops", "1", "--loops", "2", "a.gif"], ["--inline", "--inline", "a.gif"], ["--inline=1", "a.gif"],
        ["--Loops", "1", "a.gif"], ["--no-such", "a.gif"], ["--json", "a.gif"], ["--probe", "a.gif"],
        ["--clear", "a.gif"], ["--place", "40x20@3x4", "a.gif", "b.gif"], ["--inline", "--grid", "auto", "a.gif"],
        ["--count", "3", "a.gif"], ["--sheet", "8x4", "--frame-size", "8x8", "a.png"], ["--fps", "0", "a"],
        ["--frame", "0", "a.gif"], ["--tolerance", "65", "a.gif"], ["--max-memory", "8", "a.gif"],
        ["--cache-mb", "5000", "a.gif"], ["--duration", "0", "a.gif"], ["--colors", "99", "a.gif"],
        ["--symbols", "braille", "a.gif"], ["--bg", "#12345", "a.gif"], ["--extract", "d", "--info", "a.gif"],
        ["--extract", "d", "a.gif", "b.gif"], ["-", "-"], ["--size", "0x24", "a.gif"], ["--grid", "auto"],
        ["--range", "9-3", "frames"], ["--range", "1-2", "--sheet", "2x2", "s.png"],
        ["--count", "0", "--sheet", "2x2", "s.png"],
    ]

    @Test(arguments: validCommandLines)
    func answersAsTheFullParserDoes(arguments: [String]) throws {
        let full = try TView.parse(arguments).invocation
        let quick = try #require(QuickCommandLine.invocation(arguments))
        #expect(quick == full)
    }

    @Test(arguments: otherCommandLines)
    func leavesTheRestToTheFullParser(arguments: [String]) {
        #expect(QuickCommandLine.invocation(arguments) == nil)
    }

    /// Every option that `--help` lists has a command line above, so an option added to `TView`
    /// and not to `QuickCommandLine` fails `answersAsTheFullParserDoes`.
    @Test func everyOptionIsCovered() throws {
        let dump = try CommandRunner.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
        let command = try #require(json["command"] as? [String: Any])
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        let builtIn: Set<String> = ["help", "version"]
        let names = arguments.flatMap { ($0["names"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
            .filter { $0.count > 1 && !builtIn.contains($0) }
        #expect(names.count >= 32)
        let used = Set(
            Self.validCommandLines.joined().filter { $0.hasPrefix("--") }.map {
                String($0.dropFirst(2).prefix { $0 != "=" })
            })
        for name in names {
            #expect(used.contains(name), "--\(name) has no command line in validCommandLines")
        }
    }
}
