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

    /// A sample in samples/good decoded as shown (its profile's name, its first frame) and how
    /// far, as the largest difference of any byte, that frame and the frame decoded without
    /// colour conversion are from its expected canvas.
    static func decoded(sample fileName: String) throws -> (
        profile: String?, converted: RGBAImage, convertedDifference: Int, plainDifference: Int
    ) {
        let expected = try SampleExpectation(fileName: fileName)
        let image = try AnimatedImage.open(path: expected.file.path)
        let converted = try #require(try image.nextFrame()).image
        let plain = try #require(
            try AnimatedImage.open(path: expected.file.path, limits: DecodeLimits(convertsColorProfiles: false))
                .nextFrame()
        ).image
        func largestDifference(_ image: RGBAImage) -> Int {
            zip(CanonicalPixels.bytes(image), expected.frames[0]).map { abs(Int($0) - Int($1)) }.max() ?? 0
        }
        return (image.colorProfileName, converted, largestDifference(converted), largestDifference(plain))
    }

    @Test(arguments: [1000, 200_000, ColorProfile.largest])
    func anICCPChunksProfileComesOutWhole(size: Int) {
        let profile = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let chunk = Array("name".utf8) + [0, 0] + Self.zlibStored(profile)
        #expect(ColorProfile.pngProfile(iccp: chunk) == profile)
    }

    /// An image the caller gives up (`consume`: a frame a decoder has just made) is converted
    /// where it lies, not in a copy (at 720p, 3.7 MB a frame were copied); one the caller keeps
    /// (a decoder's canvas for its next frame) stays as it was. Both ways: a power curve (gAMA
    /// 1.0) and lcms2's conversion (Display P3's primaries in cHRM).
    @Test(arguments: [false, true])
    func aGivenUpImageIsConvertedInPlaceAKeptOneIsLeft(throughLCMS: Bool) throws {
        let p3 = [31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000]
        let profile = try #require(
            throughLCMS
                ? ColorProfile.png(gamma: nil, chromaticities: p3)
                : ColorProfile.png(gamma: 100_000, chromaticities: nil))
        #expect(profile.isApplied)
        let original = RGBAImage(
            width: 64, height: 32,
            pixels: (0..<2048).map { RGBA(r: UInt8($0 % 200 + 30), g: UInt8($0 % 97 + 80), b: 60) })
        func address(_ image: RGBAImage) -> UnsafeRawPointer? {
            image.pixels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let kept = original
        let fromKept = profile.convert(kept)
        #expect(kept.pixels == original.pixels)
        #expect(address(fromKept) != address(kept))
        #expect(fromKept.pixels != original.pixels)

        var givenUp = RGBAImage(width: 64, height: 32, pixels: original.pixels.map { $0 })
        let before = address(givenUp)
        givenUp = profile.convert(consume givenUp)
        #expect(address(givenUp) == before)
        #expect(givenUp.pixels == fromKept.pixels)
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
        let decoded = try ColorProfileTests.decoded(sample: name + ".png")
        #expect(decoded.profile == profileName)
        #expect(decoded.convertedDifference <= 2)
        #expect(decoded.plainDifference > 20)
    }
}

/// An AVIF's PQ or HLG transfer, tone-mapped for an SDR screen (`HDRToneCurve`): grey ramps
/// within 2 levels of the canvases make_samples.py computes from the formulas (not lcms2), the
/// unconverted greys far from them; and the curves at BT.2408's reference points.
@Suite struct HDRToneCurveTests {
    @Test(arguments: [("avif-hdr-pq", "BT.2020 PQ"), ("avif-hdr-hlg", "BT.2020 HLG")])
    func hdrGreysAreToneMapped(name: String, profileName: String) throws {
        let decoded = try ColorProfileTests.decoded(sample: name + ".avif")
        #expect(decoded.profile == profileName)
        #expect(decoded.convertedDifference <= 2)
        #expect(decoded.plainDifference > 20)
    }

    /// PQ 58 % is 203 nits (BT.2408's reference white) and 51 % is 100 nits: 1 before the knee,
    /// so 0.875 after it, and 100/203 untouched; 10 000 nits stays under 1. HLG 75 % on a
    /// 1000-nit display is reference white too. Both rise everywhere.
    @Test func theCurvesMeetTheReferencePoints() {
        #expect(abs(HDRToneCurve.pq(0.5806) - HDRToneCurve.sdr(nits: 203)) < 0.005)
        #expect(abs(HDRToneCurve.sdr(nits: 203) - 0.875) < 1e-9)
        #expect(abs(HDRToneCurve.pq(0.5081) - 100.0 / 203) < 0.003)
        #expect(HDRToneCurve.pq(1) < 1 && HDRToneCurve.pq(1) > 0.99)
        #expect(HDRToneCurve.pq(0) == 0 && HDRToneCurve.hlg(0) == 0)
        #expect(abs(HDRToneCurve.hlg(0.75) - HDRToneCurve.sdr(nits: 203)) < 0.005)
        for curve in [HDRToneCurve.pq, HDRToneCurve.hlg] {
            let values = (0...100).map { curve(Double($0) / 100) }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        }
    }
}

/// A CMYK JPEG with a CMYK profile: its ink goes through the profile into sRGB, as browsers
/// show it. Every value within 3 levels of Pillow's ImageCms conversion of the same ink (both
/// lcms2, different releases); the plain Adobe rule, which the file gets without its profile,
/// is far from it (the profile's dot gain).
@Suite struct CMYKProfileTests {
    @Test func cmykInkGoesThroughItsProfile() throws {
        let decoded = try ColorProfileTests.decoded(sample: "jpeg-cmyk-profile.jpg")
        #expect(decoded.profile == "tview test CMYK")
        #expect(decoded.convertedDifference <= 3)
        #expect(decoded.plainDifference > 20)
        #expect(decoded.converted.pixels.allSatisfy { $0.a == 255 })
    }
}
