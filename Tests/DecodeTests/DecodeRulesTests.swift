import Foundation
import Testing

@testable import Decode

@Suite struct DecodeRulesTests {
    @Test func rgbaIsFourTightBytes() {
        #expect(MemoryLayout<RGBA>.stride == 4)
        #expect(MemoryLayout<RGBA>.size == 4)
    }

    @Test func delayRule() {
        #expect(FrameDelay.playable(.zero) == .milliseconds(100))
        #expect(FrameDelay.playable(.milliseconds(10)) == .milliseconds(100))
        #expect(FrameDelay.playable(.milliseconds(11)) == .milliseconds(11))
        #expect(FrameDelay.playable(.milliseconds(20)) == .milliseconds(20))
        #expect(FrameDelay.playable(.seconds(3)) == .seconds(3))
        // Durations in seconds (AVIF, JPEG XL): the same rule; nonsense is unset, a day at most.
        #expect(FrameDelay.playable(seconds: 0.02) == .milliseconds(20))
        #expect(FrameDelay.playable(seconds: 0.005) == .milliseconds(100))
        #expect(FrameDelay.playable(seconds: .nan) == .milliseconds(100))
        #expect(FrameDelay.playable(seconds: -1) == .milliseconds(100))
        #expect(FrameDelay.playable(seconds: 1e12) == .seconds(86_400))
    }

    /// A video frame shows for what its timestamps say, short or not (no 100 ms rule); where they
    /// give no time, one frame time at the container's rate, else 40 ms; never under a
    /// millisecond.
    @Test func videoFramesKeepTheirTimestampsTimes() {
        var unstated = VideoFrameTiming(statedFrameTimeMicroseconds: 0)
        #expect(unstated.duration(measuredMicroseconds: 0) == .milliseconds(40))
        #expect(unstated.duration(measuredMicroseconds: -40_000) == .milliseconds(40))
        var timing = VideoFrameTiming(statedFrameTimeMicroseconds: 0)
        #expect(timing.duration(measuredMicroseconds: 5300) == .microseconds(5300))
        #expect(timing.duration(measuredMicroseconds: 10_000) == .milliseconds(10))
        #expect(timing.duration(measuredMicroseconds: 66_700) == .microseconds(66_700))
        #expect(timing.duration(measuredMicroseconds: 11) == .milliseconds(1))

        var stated = VideoFrameTiming(statedFrameTimeMicroseconds: 33_367)
        #expect(stated.duration(measuredMicroseconds: 0) == .microseconds(33_367))
        #expect(stated.duration(measuredMicroseconds: 40_000) == .milliseconds(40))
        #expect(stated.duration(measuredMicroseconds: -1) == .microseconds(33_367))
        var absurd = VideoFrameTiming(statedFrameTimeMicroseconds: 11)
        #expect(absurd.duration(measuredMicroseconds: 0) == .milliseconds(1))
    }

    /// Where the container states no rate, a frame the timestamps give no time (the last of a
    /// WebM without durations) lasts the mean step between the frames before it, measured afresh
    /// each pass.
    @Test func aVideoFrameWithoutTimeTakesTheMeanStep() {
        var timing = VideoFrameTiming(statedFrameTimeMicroseconds: 0)
        for step in [67_000, 66_000, 67_000] as [Int64] {
            #expect(timing.duration(measuredMicroseconds: step) == .microseconds(step))
        }
        #expect(timing.duration(measuredMicroseconds: 0) == .microseconds(66_667))
        #expect(timing.duration(measuredMicroseconds: -5) == .microseconds(66_667))
        timing.rewind()
        #expect(timing.duration(measuredMicroseconds: 0) == .milliseconds(40))
        #expect(timing.duration(measuredMicroseconds: 20_000) == .milliseconds(20))
        #expect(timing.duration(measuredMicroseconds: 0) == .milliseconds(20))
    }

    @Test func sniffReadsMagicBytesOnly() {
        #expect(ImageFormat.sniff(Array("GIF89a....".utf8)) == .gif)
        #expect(ImageFormat.sniff(Array("GIF87a".utf8)) == .gif)
        #expect(ImageFormat.sniff(Array("GIF88a".utf8)) == nil)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]) == .png)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A]) == nil)
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
        #expect(ImageFormat.sniff([UInt8]()) == nil)
        // ISO BMFF: the file type box's major brand, a still or a sequence; HEIC is not AVIF.
        #expect(ImageFormat.sniff([0, 0, 0, 0x1C] + Array("ftypavif".utf8)) == .avif)
        #expect(ImageFormat.sniff([0, 0, 0, 0x1C] + Array("ftypavis".utf8)) == .avif)
        #expect(ImageFormat.sniff([0, 0, 0, 0x1C] + Array("ftypheic".utf8)) == nil)
        // JPEG XL: a bare codestream, or the container's signature box.
        #expect(ImageFormat.sniff([0xFF, 0x0A, 0xFA, 0x1F]) == .jxl)
        #expect(ImageFormat.sniff([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) == .jxl)
        #expect(ImageFormat.sniff([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0B]) == nil)
    }

    /// HEIF's irot (quarter turns anti-clockwise) then imir, on a 3x2 picture whose pixels are
    /// numbered: each result against the picture turned by hand.
    @Test func orientationTurnsThenMirrors() {
        let numbered = RGBAImage(width: 3, height: 2, pixels: (0..<6).map { RGBA(r: UInt8($0), g: 0, b: 0) })
        func values(_ orientation: PixelOrientation) -> [[UInt8]] {
            let image = orientation.apply(to: numbered)
            return (0..<image.height).map { y in (0..<image.width).map { x in image[x, y].r } }
        }
        // 0 1 2
        // 3 4 5
        #expect(values(.upright) == [[0, 1, 2], [3, 4, 5]])
        #expect(
            values(PixelOrientation(quarterTurns: 1, flipsVertically: false, flipsHorizontally: false))
                == [[2, 5], [1, 4], [0, 3]])
        #expect(
            values(PixelOrientation(quarterTurns: 2, flipsVertically: false, flipsHorizontally: false))
                == [[5, 4, 3], [2, 1, 0]])
        #expect(
            values(PixelOrientation(quarterTurns: 3, flipsVertically: false, flipsHorizontally: false))
                == [[3, 0], [4, 1], [5, 2]])
        #expect(
            values(PixelOrientation(quarterTurns: 0, flipsVertically: true, flipsHorizontally: false))
                == [[3, 4, 5], [0, 1, 2]])
        #expect(
            values(PixelOrientation(quarterTurns: 1, flipsVertically: false, flipsHorizontally: true))
                == [[5, 2], [4, 1], [3, 0]])
    }

    @Test func canvasLimitsCheckEveryMultiplication() {
        #expect(DecodeLimits.checkedPixelCount(width: 1920, height: 1080) == 1920 * 1080)
        #expect(DecodeLimits.checkedPixelCount(width: 1_000_000, height: 1) == 1_000_000)
        #expect(DecodeLimits.checkedPixelCount(width: 0, height: 5) == nil)
        #expect(DecodeLimits.checkedPixelCount(width: 65535, height: 65535) == nil)
        #expect(DecodeLimits.checkedPixelCount(width: Int.max, height: 2) == nil)
        #expect(DecodeLimits.checkedPixelCount(width: 16385, height: 16385) == nil)
    }

    @Test func totalPlaysFollowBrowsers() throws {
        func plays(_ name: String) throws -> Int? {
            let image = try AnimatedImage.open(path: TestPaths.samples.appendingPathComponent("good/\(name)").path)
            _ = try image.nextFrame()
            return image.totalPlays
        }
        #expect(try plays("gif-interlaced-local-palettes.gif") == 4)  // NETSCAPE 3: 3 repeats
        #expect(try plays("gif-delays-no-loop.gif") == 1)
        #expect(try plays("gif-disposal-1.gif") == nil)  // forever
        #expect(try plays("apng-blend-alpha.png") == 2)  // num_plays is total plays
        #expect(try plays("webp-lossy-alpha.webp") == 4)
    }

    @Test func interlacedRowOrder() {
        #expect(Array(GIFRowOrder(height: 10, interlaced: true)) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        #expect(Array(GIFRowOrder(height: 3, interlaced: false)) == [0, 1, 2])
        #expect(Array(GIFRowOrder(height: 1, interlaced: true)) == [0])
    }

    @Test func crc32MatchesKnownValue() {
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func porterDuffOver() {
        let green = RGBA(r: 0, g: 200, b: 0)
        #expect(APNGCompositor.over(RGBA(r: 9, g: 9, b: 9, a: 0), green) == green)
        #expect(APNGCompositor.over(RGBA(r: 1, g: 2, b: 3), green) == RGBA(r: 1, g: 2, b: 3))
        #expect(APNGCompositor.over(RGBA(r: 200, g: 0, b: 0, a: 128), .transparent) == RGBA(r: 200, g: 0, b: 0, a: 128))
        let half = APNGCompositor.over(RGBA(r: 200, g: 0, b: 200, a: 128), green)
        #expect(half.a == 255 && abs(Int(half.r) - 100) <= 1 && abs(Int(half.g) - 100) <= 1)
    }
}
