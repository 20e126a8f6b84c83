import Foundation
import Testing

@testable import Decode

/// A PNG iCCP chunk's profile comes out whole whatever its size up to the largest read, and no
/// larger: the inflating buffer grows as it needs to.
@Suite struct ColorProfileTests {
    /// `bytes` as a zlib stream of stored (uncompressed) blocks.
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65535, bytes.count - start)
            let final: UInt8 = start + count == bytes.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            out += bytes[start..<(start + count)]
            start += count
        } while start < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        return out + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }

    @Test(arguments: [1000, 200_000, ColorProfile.largest])
    func anICCPChunksProfileComesOutWhole(size: Int) {
        let profile = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let chunk = Array("name".utf8) + [0, 0] + Self.zlibStored(profile)
        #expect(ColorProfile.pngProfile(iccp: chunk) == profile)
    }

    @Test func aProfileOverTheLargestIsRefused() {
        let chunk =
            Array("name".utf8) + [0, 0] + Self.zlibStored([UInt8](repeating: 1, count: ColorProfile.largest + 1))
        #expect(ColorProfile.pngProfile(iccp: chunk) == nil)
    }
}

/// A PNG's gAMA and cHRM without a profile, applied as Chrome (Skia) applies them: every pixel
/// within 2 levels of the canvas make_samples.py computes with numpy (the power curve, and for
/// cHRM the primaries' matrices), where the unconverted pixels are far from it; the profile is
/// named by the chunks.
@Suite struct PNGColourChunkTests {
    @Test(arguments: [("png-gama-0.35", "gAMA 0.35"), ("png-gama-cHRM-p3", "gAMA 0.45455 and cHRM")])
    func gammaAndChromaticitiesAreApplied(name: String, profileName: String) throws {
        let expected = try SampleExpectation(fileName: name + ".png")
        let image = try AnimatedImage.open(path: expected.file.path)
        #expect(image.colorProfileName == profileName)
        let converted = try #require(try image.nextFrame()).image
        let raw = try #require(
            try AnimatedImage.open(path: expected.file.path, limits: DecodeLimits(convertsColorProfiles: false))
                .nextFrame()
        ).image
        func largestDifference(_ image: RGBAImage) -> Int {
            zip(CanonicalPixels.bytes(image), expected.frames[0]).map { abs(Int($0) - Int($1)) }.max() ?? 0
        }
        #expect(largestDifference(converted) <= 2)
        #expect(largestDifference(raw) > 20)
    }
}
