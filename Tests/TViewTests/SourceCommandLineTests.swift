import Graphics
import Decode
import Foundation
import Testing

/// Image sequences, sprite sheets and JPEG from the command line: described, extracted and
/// played like files; what cannot work is one line on standard error.
@Suite struct SourceCommandLineTests {
    /// A folder with f-1.png … f-4.png (3 missing) and a 2x2 sheet of 4x4 cells.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tview-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for number in [1, 2, 4] {
            try PNGFile.write(
                RGBAImage(width: 6, height: 4, fill: RGBA(r: UInt8(number * 60), g: 0, b: 0)),
                to: "\(path)/f-\(number).png")
        }
        var sheet = RGBAImage(width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 { sheet[x, y] = RGBA(r: UInt8(x / 4 * 100), g: UInt8(y / 4 * 100), b: 9) }
        }
        try PNGFile.write(sheet, to: "\(path)/sheet.png")
        return path
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func sequencesAndSheetsAreDescribedLikeFiles() throws {
        let folder = try Self.folder()
        let sequence = try CommandRunner.run(["--info", "--json", "--fps", "20", "\(folder)/f-%d.png"])
        #expect(sequence.status == 0)
        let described = try Self.json(sequence.standardOutput)
        #expect(described["source"] as? String == "sequence" && described["format"] as? String == "png")
        #expect(described["frames"] as? Int == 4 && described["width"] as? Int == 6)
        #expect(described["durations_ms"] as? [Double] == [50, 50, 50, 50])
        #expect((described["warnings"] as? [String])?.first?.contains("frame 3") == true)
        let sheet = try CommandRunner.run(["--info", "--json", "--sheet", "2x2", "\(folder)/sheet.png"])
        let cut = try Self.json(sheet.standardOutput)
        #expect(cut["source"] as? String == "sheet" && cut["frames"] as? Int == 4 && cut["width"] as? Int == 4)
        let jpeg = try CommandRunner.run(["--info", "--json", CommandRunner.sample("jpeg-rgb.jpg")])
        let still = try Self.json(jpeg.standardOutput)
        #expect(
            still["format"] as? String == "jpeg" && still["source"] as? String == "file" && still["frames"] as? Int == 1
        )
    }

    @Test func aSheetIsExtractedFrameByFrame() throws {
        let folder = try Self.folder()
        let out = folder + "/out"
        let result = try CommandRunner.run([
            "--extract", out, "--frame-size", "4x4", "--count", "3", "\(folder)/sheet.png",
        ])
        #expect(result.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == ["frame-0001.png", "frame-0002.png", "frame-0003.png"])
        // The second frame is the top right cell.
        let second = try AnimatedImage.open(path: out + "/frame-0002.png")
        #expect(try second.nextFrame()?.image[0, 0] == RGBA(r: 100, g: 0, b: 9))
    }

    @Test func aSequencePlaysWithItsGapsWarned() throws {
        let folder = try Self.folder()
        let result = try CommandRunner.run(["--animate", "--loops", "1", "--size", "6x2", "\(folder)/"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("frame 3") && result.standardError.hasPrefix("tview: "))
    }

    /// Names with digits that are no frame numbers (hex digests): no sequence, said so.
    @Test func aFolderOfHexNamesIsNoSequence() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tview-hex-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["5bb1e9a0.png", "0c81b6f2.png", "77d04c11.png"] {
            try FileManager.default.copyItem(
                atPath: CommandRunner.sample("png-still-alpha.png"), toPath: "\(folder)/\(name)")
        }
        let result = try CommandRunner.run(["--info", folder])
        #expect(result.status == 2)
        #expect(result.standardError.contains("no numbered sequence found"), "\(result.standardError)")
        // Numbers too far apart to be frames.
        for name in ["shot-1.png", "shot-96212878.png"] {
            try FileManager.default.copyItem(
                atPath: CommandRunner.sample("png-still-alpha.png"), toPath: "\(folder)/\(name)")
        }
        let spread = try CommandRunner.run(["--info", folder])
        #expect(spread.status == 2)
        #expect(spread.standardError.contains("no numbered sequence found: 2 names"), "\(spread.standardError)")
        #expect(!spread.standardError.contains("is more than"))
    }

    /// A JPEG cut short is as truncated as a GIF cut short.
    @Test func aCutShortJPEGSaysTruncated() throws {
        let path = CommandRunner.repository.appendingPathComponent("samples/bad/jpeg-cut-short.jpg").path
        let described = try Self.json(try CommandRunner.run(["--info", "--json", path]).standardOutput)
        #expect(described["truncated"] as? Bool == true)
    }

    @Test func whatCannotWorkIsOneLine() throws {
        let folder = try Self.folder()
        let cases: [([String], String)] = [
            (["--sheet", "2x2", "--frame-size", "4x4", "\(folder)/sheet.png"], "cannot be combined"),
            (["--count", "2", "\(folder)/sheet.png"], "--count goes with"),
            (["--info", "--range", "1-2", "\(folder)/sheet.png"], "--range is for image sequences"),
            (["--info", "\(folder)/g-%04d.png"], "no file matches"),
            (["--info", "--sheet", "20x2", "\(folder)/sheet.png"], "--sheet 20x2: a 8x8 image has no 20x2 grid"),
            (
                ["--info", "--sheet", "2x2", "--count", "5", "\(folder)/sheet.png"],
                "--count 5: the 2x2 sheet holds 4 frames"
            ),
            // A range past the numbered files is a usage error that says what exists (frames 1 to 4).
            (["--info", "--range", "0-3", "\(folder)/"], "--range 0-3: the frames that exist are numbered 1 to 4"),
            (
                ["--info", "--range", "3-20", "\(folder)/f-%d.png"],
                "--range 3-20: the frames that exist are numbered 1 to 4"
            ),
            (["--info", "--fps", "0", "\(folder)/sheet.png"], "--fps"),
            (
                ["--info", CommandRunner.repository.appendingPathComponent("samples/bad/jpeg-cut-short.jpg").path],
                "cut short"
            ),
        ]
        for (arguments, words) in cases {
            let result = try CommandRunner.run(arguments)
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.first?.contains(words) == true, "\(arguments): \(result.standardError)")
            #expect(lines.allSatisfy { $0.hasPrefix("tview: ") || $0.hasPrefix("Run 'tview") })
            // A file cut short still shows what decoded (exit 0, with a warning).
            #expect(result.status == (words == "cut short" ? 0 : 2), "\(arguments)")
        }
    }
}
