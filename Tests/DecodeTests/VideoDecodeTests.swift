@testable import Decode
import Foundation
import Testing

/// Video clips beyond what samples/expected holds (every good clip's frames and durations are
/// checked there): sniffing, decoding at a bound, damaged clips, and inputs that name other files.
@Suite struct VideoDecodeTests {
    static func sample(_ name: String, folder: String = "good") -> String {
        TestPaths.samples.appendingPathComponent("\(folder)/\(name)").path
    }

    @Test func containersAreToldFromTheirFirstBytes() throws {
        for (name, format) in [
            ("video-h264-vfr.mp4", ImageFormat.mp4), ("video-vp9.webm", .webm), ("video-av1.mkv", .mkv),
        ] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.sample(name))))
            #expect(ImageFormat.sniff(bytes.prefix(ImageFormat.magicLength)) == format)
        }
        // QuickTime's brand is MOV; an AVIF's stays AVIF.
        let quickTime: [UInt8] = [0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 2, 0]
        #expect(ImageFormat.sniff(quickTime) == .mov)
        let avif: [UInt8] = [0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0]
        #expect(ImageFormat.sniff(avif) == .avif)
    }

    /// With a bound, frames come out no larger, their shape kept, and each is the source frame
    /// area-averaged (within what two scalers' rounding differ by).
    @Test func framesAreMadeNoLargerThanTheBound() throws {
        let limits = DecodeLimits(frameBound: FrameBound(width: 16, height: 16))
        let image = try AnimatedImage.open(path: Self.sample("video-h264-vfr.mp4"), limits: limits)
        #expect(image.canvasWidth == 16 && image.canvasHeight == 12)
        let full = try AnimatedImage.open(path: Self.sample("video-h264-vfr.mp4"))
        while let frame = try image.nextFrame(), let whole = try full.nextFrame() {
            #expect(frame.image.width == 16 && frame.image.height == 12)
            var difference = 0
            for y in 0..<12 {
                for x in 0..<16 {
                    let pixels = [
                        whole.image[2 * x, 2 * y], whole.image[2 * x + 1, 2 * y],
                        whole.image[2 * x, 2 * y + 1], whole.image[2 * x + 1, 2 * y + 1],
                    ]
                    let mean = pixels.map { Int($0.g) }.reduce(0, +) / 4
                    difference += abs(mean - Int(frame.image[x, y].g))
                }
            }
            #expect(difference / (16 * 12) <= 6)
            #expect(frame.duration == whole.duration)
        }
    }

    /// Asked for frames for text cells (`show(at:)` with pixels twice as tall as wide), a clip's
    /// next frames have half the rows, each the mean of the two it stands for, and say their
    /// pixels' shape; a clip turned upright by its rotation too, in its upright frame.
    @Test(arguments: ["video-h264-vfr.mp4", "video-rotate-90.mp4"])
    func framesForTextCellsHaveTallPixels(name: String) throws {
        let full = try AnimatedImage.open(path: Self.sample(name))
        let image = try AnimatedImage.open(path: Self.sample(name))
        let (width, height) = (full.canvasWidth, full.canvasHeight)
        #expect(height % 2 == 0)
        image.show(at: FrameBound(width: width, height: height / 2, pixelAspect: 2))
        while let frame = try image.nextFrame(), let whole = try full.nextFrame() {
            #expect(frame.image.width == width && frame.image.height == height / 2, "\(name)")
            #expect(frame.image.pixelAspect == 2)
            #expect(whole.image.pixelAspect == 1)
            guard frame.image.height == height / 2 else { break }
            var difference = 0
            for y in 0..<(height / 2) {
                for x in 0..<width {
                    let mean = (Int(whole.image[x, 2 * y].g) + Int(whole.image[x, 2 * y + 1].g)) / 2
                    difference += abs(mean - Int(frame.image[x, y].g))
                }
            }
            #expect(difference / (width * height / 2) <= 6, "\(name)")
        }
        #expect(image.canvasWidth == width && image.canvasHeight == height / 2)
    }

    /// A clip smaller than the samples its area reads keeps every row and column (square
    /// pixels, as decoded); one larger is scaled to fit the bound, its rows halved.
    @Test func boundsForTextNeverDropRowsAClipNeeds() throws {
        let small = try AnimatedImage.open(path: Self.sample("video-h264-vfr.mp4"))
        let (width, height) = (small.canvasWidth, small.canvasHeight)
        small.show(at: FrameBound(width: width * 10, height: height * 4, pixelAspect: 2))
        let whole = try #require(try small.nextFrame())
        #expect(whole.image.width == width && whole.image.height == height && whole.image.pixelAspect == 1)
        let large = try AnimatedImage.open(path: Self.sample("video-h264-vfr.mp4"))
        large.show(at: FrameBound(width: width / 2, height: height, pixelAspect: 2))
        let reduced = try #require(try large.nextFrame())
        #expect(reduced.image.width == width / 2 && reduced.image.height == height / 4)
        #expect(reduced.image.pixelAspect == 2)
    }

    /// A frame passed over (a late player) is decoded but not converted: the frame after it is
    /// still exactly as encoded, and the durations are the file's.
    @Test func aFramePassedOverLeavesTheNextOneRight() throws {
        let expected = try SampleExpectation(fileName: "video-h264-vfr.mp4")
        let image = try AnimatedImage.open(path: expected.file.path)
        #expect(image.skipFrame() == .milliseconds(40))
        #expect(image.skipFrame() == .milliseconds(80))
        let third = try #require(try image.nextFrame())
        #expect(CanonicalPixels.bytes(third.image) == expected.frames[2])
        #expect(third.duration == .milliseconds(120))
        #expect(third.change == nil)
        #expect(image.skipFrame() == .milliseconds(40))
        #expect(image.skipFrame() == nil)
        #expect(try image.nextFrame() == nil)
    }

    /// The first frame of a clip with B-frames comes out of its own packet alone, not after the
    /// two its decoder holds back; after it the frames and their times are the clip's, none twice.
    @Test func aReorderedClipsFirstFrameNeedsOnlyItsOwnPacket() throws {
        let expected = try SampleExpectation(fileName: "video-h264-bframes.mp4")
        let limits = DecodeLimits()
        let decoder = try VideoDecoder(
            input: InputFile.open(path: expected.file.path, limits: limits), format: .mp4, limits: limits)
        let first = try #require(try decoder.nextFrame())
        #expect(decoder.packetsDecoded == 1)
        #expect(CanonicalPixels.bytes(first.image) == expected.frames[0])
        #expect(first.duration == .milliseconds(80))
        var frames = [first]
        while let frame = try decoder.nextFrame() { frames.append(frame) }
        #expect(frames.map { CanonicalPixels.bytes($0.image) } == expected.frames)
        #expect(frames.map(\.duration) == [80, 40, 120, 40, 40, 40, 80, 40].map { .milliseconds($0) })
        // Played again from the start, on the clip's own decoder.
        try decoder.rewind()
        let again = try #require(try decoder.nextFrame())
        #expect(CanonicalPixels.bytes(again.image) == expected.frames[0])
        #expect(again.duration == .milliseconds(80))
    }

    /// A bound asked for while a frame decodes (the player asks while the first frame decodes
    /// beside the screen's set-up) is that frame's size, not only the next one's.
    @Test func aBoundAskedForWhileAFrameDecodesIsItsSize() throws {
        let limits = DecodeLimits()
        let decoder = try VideoDecoder(
            input: InputFile.open(path: Self.sample("video-h264-bframes.mp4"), limits: limits), format: .mp4,
            limits: limits)
        #expect(decoder.canvasWidth == 32 && decoder.canvasHeight == 24)
        decoder.whenDecoded = { decoder.show(at: FrameBound(width: 16, height: 6, pixelAspect: 2)) }
        let first = try #require(try decoder.nextFrame())
        #expect(first.image.width == 16 && first.image.height == 6 && first.image.pixelAspect == 2)
        decoder.whenDecoded = nil
        let second = try #require(try decoder.nextFrame())
        #expect(second.image.width == 16 && second.image.height == 6)
    }

    /// A clip cut short plays the frames it holds and says how many it declared; one with
    /// bytes overwritten plays the frames that decode, their times kept (the lost frame's time
    /// goes to the one before it).
    @Test func damagedClipsPlayWhatDecodes() throws {
        let cut = try AnimatedImage.open(path: Self.sample("video-cut-short.mp4", folder: "bad"))
        var frames: [Frame] = []
        while let frame = try cut.nextFrame() { frames.append(frame) }
        #expect(frames.count == 12)
        #expect(cut.isTruncated)
        #expect(cut.warnings == ["the clip ends after 12 of the 24 frames it declares"])

        let corrupt = try AnimatedImage.open(path: Self.sample("video-corrupt.mp4", folder: "bad"))
        var total = Duration.zero
        var count = 0
        while let frame = try corrupt.nextFrame() {
            total += frame.duration
            count += 1
        }
        #expect(count >= 12 && count < 24)
        #expect(total == .milliseconds(960))
        #expect(corrupt.isTruncated)
    }

    /// What FFmpeg could open besides the file named is never reached: a concat list and an HLS
    /// playlist naming a clip beside them are not clips at all (refused from their first bytes),
    /// and a file that starts as an MP4 but is none is one line of error.
    @Test func inputsNamingOtherFilesAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tview-video-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = Self.sample("video-h264-vfr.mp4")
        for (name, text) in [
            ("list.ffconcat", "ffconcat version 1.0\nfile '\(clip)'\n"),
            ("playlist.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n\(clip)\n#EXT-X-ENDLIST\n"),
        ] {
            let path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: DecodeError.self) { try AnimatedImage.open(path: path) }
        }
        let fake = folder.appendingPathComponent("fake.mp4").path
        try Data(
            [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8)
                + [UInt8](repeating: 7, count: 200)
        )
        .write(to: URL(fileURLWithPath: fake))
        do {
            _ = try AnimatedImage.open(path: fake)
            Issue.record("a file that is no clip opened")
        } catch {
            #expect(!error.description.contains("\n"))
            #expect(error.description.hasPrefix("MP4 is corrupt"))
        }
    }

    /// --info's facts: the codec, the sound, the frame count the container states (none in
    /// Matroska), the size shown (turned upright).
    @Test func detailsSayWhatTheClipIs() throws {
        let sound = try AnimatedImage.open(path: Self.sample("video-with-audio.mp4"))
        #expect(
            sound.videoDetails
                == VideoDetails(codec: "h264", width: 32, height: 24, hasAudio: true, declaredFrameCount: 4))
        let matroska = try AnimatedImage.open(path: Self.sample("video-av1.mkv"))
        #expect(matroska.videoDetails?.codec == "av1" && matroska.videoDetails?.declaredFrameCount == nil)
        #expect(matroska.totalPlays == nil)
        let turned = try AnimatedImage.open(path: Self.sample("video-rotate-90.mp4"))
        #expect(turned.videoDetails?.width == 24 && turned.videoDetails?.height == 32)
    }
}
