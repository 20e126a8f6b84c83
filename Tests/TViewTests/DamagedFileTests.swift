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

    /// A lossy still whose VP8 chunk is whole by its size but whose bitstream lacks its last 4
    /// bytes (libwebp's one-call decoder and dwebp refuse it: NOT_ENOUGH_DATA) says so as a file
    /// cut inside its container does: the rows that decoded, one warning naming the file,
    /// `truncated: true`, the same exit status.
    @Test func aWebPBitstreamShortInsideAWholeChunkIsTruncated() throws {
        let path = Self.bad("webp-lossy-cut-end.webp")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let containerCut = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tview-webp-container-cut-\(getpid()).webp")
        try bytes.prefix(bytes.count * 3 / 4).write(to: containerCut)
        defer { try? FileManager.default.removeItem(at: containerCut) }

        let shown = try CommandRunner.run(["--size", "8x6", "--colors", "truecolor", path])
        let cutShown = try CommandRunner.run(["--size", "8x6", "--colors", "truecolor", containerCut.path])
        #expect(shown.status == cutShown.status)
        #expect(shown.status == 0)
        #expect(shown.standardOutput.split(separator: "\n").first?.contains("38;2;") == true)
        #expect(
            shown.standardError == "tview: \(path): warning: cut short after row 167 of 192: the rest is transparent\n")
        #expect(cutShown.standardError.hasPrefix("tview: \(containerCut.path): warning: cut short after row "))

        for (file, result) in [(path, shown), (containerCut.path, cutShown)] {
            let info = try CommandRunner.run(["--info", "--json", file])
            #expect(info.status == result.status)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
            #expect(object["truncated"] as? Bool == true, "\(file)")
            #expect((object["warnings"] as? [String])?.count == 1, "\(file)")
        }
    }

    @Test func aWebPStillWithNoRowDecodedIsAnError() throws {
        // The first 40 bytes: the headers, not one row.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.bad("webp-lossy-cut-30.webp"))).prefix(40)
        let result = try CommandRunner.run(["--size", "8x4", "-"], input: Data(bytes))
        #expect(result.status == 2)
        #expect(result.standardError == "tview: -: WebP is truncated: the data ends before the first row\n")
    }
}
