import Foundation
import Testing

/// Damaged files through the command: what decoded is shown, with one warning line, exit 0; and
/// `--info` says what playing does.
@Suite struct DamagedFileTests {
    static func bad(_ name: String) -> String {
        CommandRunner.repository.appendingPathComponent("samples/bad/\(name)").path
    }

    @Test(arguments: [("webp-frame-3-of-8-broken.webp", 3), ("webp-frame-8-of-8-broken.webp", 8)])
    func aBrokenWebPFrameEndsTheAnimationWithOneWarning(name: String, broken: Int) throws {
        let path = Self.bad(name)
        let warning = "tview: \(path): warning: frame \(broken) of 8 does not decode; playing \(broken - 1)"

        let info = try CommandRunner.run(["--info", "--json", path])
        #expect(info.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
        #expect(object["frames"] as? Int == broken - 1)
        #expect(object["truncated"] as? Bool == true)
        #expect(object["warnings"] as? [String] == ["frame \(broken) of 8 does not decode; playing \(broken - 1)"])

        // Two loops: the frames before the broken one each time, the warning once.
        let played = try CommandRunner.run(["--animate", "--loops", "2", "--size", "8x4", "--stats", path])
        #expect(played.status == 0)
        let lines = played.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first == warning)
        let stats = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any])
        #expect(stats["frames_shown"] as? Int == 2 * (broken - 1))
    }

    @Test(arguments: ["webp-lossy-cut-60.webp", "webp-lossless-cut-60.webp"])
    func aWebPStillCutShortShowsItsRowsWithAWarning(name: String) throws {
        let path = Self.bad(name)
        let shown = try CommandRunner.run(["--size", "8x6", "--colors", "truecolor", path])
        #expect(shown.status == 0)
        #expect(shown.standardOutput.hasSuffix("\u{1B}[0m\n"))
        // The top half decoded (96 of 192 rows): its cells have colours; the bottom is empty.
        let rows = shown.standardOutput.split(separator: "\n")
        #expect(rows.count == 6)
        #expect(rows.first?.contains("38;2;") == true)
        #expect(rows.last?.contains("38;2;") == false)
        let lines = shown.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("tview: \(path): warning: ") == true)
        #expect(lines.first?.hasSuffix("of 192: the rest is transparent") == true)

        let info = try CommandRunner.run(["--info", "--json", path])
        #expect(info.status == 0)
        #expect(info.standardOutput.contains("\"truncated\":true"))
    }

    @Test func aWebPStillWithNoRowDecodedIsAnError() throws {
        // The first 40 bytes: the headers, not one row.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.bad("webp-lossy-cut-30.webp"))).prefix(40)
        let result = try CommandRunner.run(["--size", "8x4", "-"], input: Data(bytes))
        #expect(result.status == 2)
        #expect(result.standardError == "tview: -: WebP is truncated: the data ends before the first row\n")
    }
}
