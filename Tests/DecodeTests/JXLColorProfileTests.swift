import Foundation
import Testing

@testable import Decode

/// JPEG XL in Display P3 (and a grey picture with a grey profile), shown in sRGB as the other
/// formats' profiles are: samples whose expected canvas is Pillow's ImageCms conversion (lcms2)
/// of djxl's decode in the file's own space.
@Suite struct JXLColorProfileTests {
    /// Pixels libjxl hands over in the file's space (lossless, a JPEG transcoded by cjxl, P3 as
    /// libjxl's own encoding, an animation's blended frames) go through lcms2: every value within
    /// 2 levels of the expected one, where unconverted some are over 10 away; the profile named.
    @Test(arguments: [
        ("jxl-jpeg-display-p3.jxl", "Display P3"), ("jxl-lossless-display-p3.jxl", "Display P3"),
        ("jxl-lossless-p3-encoded.jxl", "Display P3"), ("jxl-animation-display-p3.jxl", "Display P3"),
        ("jxl-grey-profile.jxl", "Grey gamma 1.8"),
    ])
    func pixelsInTheFilesOwnSpaceAreConverted(name: String, profileName: String) throws {
        let decoded = try ColorProfileTests.decoded(sample: name)
        #expect(decoded.profile == profileName)
        #expect(decoded.convertedDifference <= 2)
        #expect(decoded.plainDifference > 10)
    }

    /// A lossy (XYB) file comes from libjxl in sRGB already: its space is named but applied
    /// nothing more (a second conversion would move it 10 levels on average).
    @Test func aLossyFileIsConvertedOnceByLibjxl() throws {
        let expected = try SampleExpectation(fileName: "jxl-lossy-display-p3.jxl")
        let decoder = try JXLDecoder(
            input: InputFile.open(path: expected.file.path, limits: DecodeLimits()), limits: DecodeLimits())
        let profile = try #require(decoder.colorProfile)
        #expect(profile.name == "Display P3")
        #expect(!profile.isApplied)
        let frame = try #require(try decoder.nextFrame())
        let difference = SampleDecodeTests.meanPremultipliedDifference(
            CanonicalPixels.bytes(frame.image), expected.frames[0])
        #expect(difference <= 1)
    }

    /// Files in sRGB name no profile, lossless or lossy.
    @Test(arguments: ["jxl-lossless-alpha.jxl", "jxl-still-lossy.jxl"])
    func sRGBFilesNameNone(name: String) throws {
        let image = try AnimatedImage.open(path: TestPaths.samples.appendingPathComponent("good/\(name)").path)
        #expect(image.colorProfileName == nil)
    }
}
