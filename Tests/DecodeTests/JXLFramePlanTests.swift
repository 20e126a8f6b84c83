@testable import Decode
import Foundation
import Testing

/// JPEG XL animations' frame headers read when the file opens (`JXLFramePlan`): the frame count
/// before any frame is decoded, and frames passed over undecoded only where every frame stands
/// alone, the frame after a skip then the right one to the pixel. Where frames chain (cjxl's
/// layers, each blended onto the one before), nothing is passed over: each must be decoded.
@Suite struct JXLFramePlanTests {
    private static func open(_ name: String) throws -> AnimatedImage {
        try AnimatedImage.open(path: TestPaths.samples.appendingPathComponent("good/\(name)").path)
    }

    @Test func standAloneFramesAreCountedAtOpenAndPassedOverExactly() throws {
        let expected = try SampleExpectation(fileName: "jxl-frames-standalone.jxl")
        let image = try Self.open("jxl-frames-standalone.jxl")
        #expect(image.frameCount == 12)
        // Frames 1, then 2 to 5 passed over, then 6; 7 and 8 passed over, then 9.
        var shown: [(index: Int, frame: Frame)] = []
        shown.append((0, try #require(try image.nextFrame())))
        for _ in 1...4 { #expect(image.skipFrame() == .milliseconds(40)) }
        shown.append((5, try #require(try image.nextFrame())))
        for _ in 6...7 { #expect(image.skipFrame() == .milliseconds(40)) }
        shown.append((8, try #require(try image.nextFrame())))
        for (index, frame) in shown {
            #expect(CanonicalPixels.bytes(frame.image) == expected.frames[index], "frame \(index + 1)")
        }
        // To the end of the pass: frames 10 to 12, and nothing after.
        var rest = 0
        while try image.nextFrame() != nil { rest += 1 }
        #expect(rest == 3)
        #expect(image.skipFrame() == nil)
        // A rewind starts the count again.
        try image.rewind()
        #expect(CanonicalPixels.bytes(try #require(try image.nextFrame()).image) == expected.frames[0])
        #expect(image.skipFrame() == .milliseconds(40))
        #expect(CanonicalPixels.bytes(try #require(try image.nextFrame()).image) == expected.frames[2])
    }

    @Test(arguments: ["jxl-layers-lossless.jxl", "jxl-layers-lossy.jxl", "jxl-lossless-alpha.jxl"])
    func chainedFramesAreNeverPassedOver(name: String) throws {
        let image = try Self.open(name)
        #expect(image.frameCount != nil, "counted at open")
        _ = try image.nextFrame()
        #expect(image.skipFrame() == nil)
    }

    /// A file cut short inside its last frames: libjxl's jump over the frames' data does not
    /// see the cut, so the count at open is the file's own; the pass still stops where the data
    /// does, says so, and the count becomes the frames there are.
    @Test func aFileCutShortIsCountedAgainWhereItStops() throws {
        let path = TestPaths.samples.appendingPathComponent("bad/jxl-animation-cut-short.jxl").path
        let image = try AnimatedImage.open(path: path)
        var decoded = 0
        while try image.nextFrame() != nil { decoded += 1 }
        #expect(image.isTruncated)
        #expect(decoded < 3 && image.frameCount == decoded)
    }
}
