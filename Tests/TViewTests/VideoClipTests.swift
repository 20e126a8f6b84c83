import Decode
import Foundation
import TestSupport
import Testing

/// Video clips through the command line: `--info --json` names the container, codec, sound and
/// declared frame count; `--frame N` on a pipe shows that frame in pixels as encoded; FFmpeg's own
/// messages never reach the terminal, only tview's one-line ones.
@Suite struct VideoClipTests {
    @Test func infoDescribesTheClip() throws {
        let result = try CommandRunner.run(["--info", "--json", CommandRunner.sample("video-with-audio.mp4")])
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "mp4")
        #expect(object["codec"] as? String == "h264")
        #expect(object["has_audio"] as? Bool == true)
        #expect(object["declared_frames"] as? Int == 4)
        #expect(object["frames"] as? Int == 4)
        #expect((object["durations_ms"] as? [Double]) == [40, 40, 40, 40])
        let matroska = try CommandRunner.run(["--info", "--json", CommandRunner.sample("video-av1.mkv")])
        let described = try #require(
            try JSONSerialization.jsonObject(with: Data(matroska.standardOutput.utf8)) as? [String: Any])
        #expect(described["format"] as? String == "mkv")
        #expect(described["declared_frames"] is NSNull)
        // 29.97 frames a second: the durations keep their fractions.
        let odd = try CommandRunner.run(["--info", "--json", CommandRunner.sample("video-odd-29.97fps.mp4")])
        let oddObject = try #require(
            try JSONSerialization.jsonObject(with: Data(odd.standardOutput.utf8)) as? [String: Any])
        #expect((oddObject["durations_ms"] as? [Double])?.first == 33.366)
    }

    /// Frame 3 of the VFR clip, in kitty's pixels on a pipe, read back: the encoded frame (32x24
    /// in 4x2 cells of 10x20 pixels: a 32x32 canvas with the picture 4 rows down, stretched 1.25
    /// times over the cells by the terminal).
    @Test func aChosenFrameShowsAsEncoded() throws {
        let result = try CommandRunner.run([
            "--pixels", "kitty", "--size", "4x2", "--frame", "3", CommandRunner.sample("video-h264-vfr.mp4"),
        ])
        #expect(result.status == 0)
        let screen = PixelScreen(columns: 4, rows: 4, cellWidth: 10, cellHeight: 20)
        try screen.feed(Array(result.standardOutput.utf8))
        let expected = [UInt8](
            try Data(
                contentsOf: CommandRunner.repository.appendingPathComponent("samples/expected/video-h264-vfr.rgba")))
        let frame = 2, width = 32, height = 24
        let shown = screen.picture
        var far = 0
        for y in 0..<height {
            for x in 0..<width {
                let offset = ((frame * height + y) * width + x) * 4
                let pixel = shown[Int((Double(x) + 0.5) * 1.25), Int((Double(y + 4) + 0.5) * 1.25)]
                if abs(Int(pixel.g) - Int(expected[offset + 1])) > 2 || abs(Int(pixel.r) - Int(expected[offset])) > 2 {
                    far += 1
                }
            }
        }
        // Sampled at the middle of each source pixel after the terminal's stretching.
        #expect(far <= width * height / 20)
    }

    /// An AV1 clip's frames in a tview of its own (no AVIF opened before, as in a test process
    /// that decoded one): each is the stream's, as FFmpeg's libdav1d decodes it with dav1d's own
    /// defaults (samples/expected, made by `ffmpeg -c:v libdav1d`). A dav1d given zeroed settings
    /// refused to open once (its message on stderr) and decoded the inter frames without
    /// in-loop filters (frame 2 off by 0.72 a channel on average).
    @Test func anAV1ClipsFramesAreTheStreamsOwn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tview-av1-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandRunner.run(["--extract", directory.path, CommandRunner.sample("video-av1-lossy.webm")])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let expected = [UInt8](
            try Data(
                contentsOf: CommandRunner.repository.appendingPathComponent("samples/expected/video-av1-lossy.rgba")))
        let frameBytes = 64 * 48 * 4
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names.count == expected.count / frameBytes)
        for (index, name) in names.enumerated() where (index + 1) * frameBytes <= expected.count {
            let written = try AnimatedImage.open(path: directory.appendingPathComponent(name).path)
            let image = try #require(try written.nextFrame()).image
            let pixels = image.pixels.flatMap { [$0.r, $0.g, $0.b, $0.a] }
            let same = pixels == Array(expected[(index * frameBytes)..<((index + 1) * frameBytes)])
            #expect(same, "\(name) is not the stream's frame")
        }
    }

    /// Every clip among the samples, described and played, each in a tview of its own: stderr
    /// holds tview's own lines only, never a library's (dav1d's "Input validation check ...
    /// failed in dav1d_open!" for the AV1 ones, once).
    @Test(arguments: Self.clips)
    func librariesPrintNothing(path: String) throws {
        for arguments in [["--info"], ["--size", "20x6", "--animate", "--loops", "1"]] {
            let result = try CommandRunner.run(arguments + [path], timeout: 60)
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.allSatisfy { $0.hasPrefix("tview: ") }, "\(arguments) \(path): \(result.standardError)")
        }
    }

    static let clips: [String] = ["good", "bad"].flatMap { folder in
        let url = CommandRunner.repository.appendingPathComponent("samples/\(folder)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasPrefix("video-") }.sorted().map { url.appendingPathComponent($0).path }
    }

    @Test func ffmpegsOwnMessagesStayOffTheScreen() throws {
        let corrupt = CommandRunner.repository.appendingPathComponent("samples/bad/video-corrupt.mp4").path
        let result = try CommandRunner.run(["--size", "8x4", "--animate", "--loops", "1", corrupt])
        #expect(result.status == 0)
        let lines = result.standardError.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("tview: ") })
    }
}
