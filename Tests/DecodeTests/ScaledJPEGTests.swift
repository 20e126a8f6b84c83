@testable import Decode
import Foundation
import Testing

/// Big photos decoded at the size shown: libjpeg-turbo's DCT scaling picks the largest of 1/8,
/// 1/4 and 1/2 that still gives the picture the pixels it is shown at, and the picture is the
/// full decode area-averaged, within a small error.
@Suite struct ScaledJPEGTests {
    @Test func theScaleLeavesAtLeastThePixelsShown() {
        // 6000x4000 in 80x24 and 160x48 cells (10x20 pixels a cell).
        #expect(JPEGDecoder.scale(width: 6000, height: 4000, bound: FrameBound(width: 800, height: 480)) == 8)
        #expect(JPEGDecoder.scale(width: 6000, height: 4000, bound: FrameBound(width: 1600, height: 960)) == 4)
        #expect(JPEGDecoder.scale(width: 6000, height: 4000, bound: FrameBound(width: 3000, height: 2000)) == 2)
        #expect(JPEGDecoder.scale(width: 6000, height: 4000, bound: FrameBound(width: 3001, height: 4000)) == 1)
        #expect(JPEGDecoder.scale(width: 6000, height: 4000, bound: nil) == 1)
    }

    /// jpeg-rgb.jpg (32x24) bounded to 8x6: decoded at a quarter, each pixel the mean of the 4x4
    /// block of the full decode within 3 levels on average.
    @Test func aScaledDecodeIsTheFullDecodeAveraged() throws {
        let path = TestPaths.samples.appendingPathComponent("good/jpeg-rgb.jpg").path
        let scaled = try AnimatedImage.open(
            path: path, limits: DecodeLimits(frameBound: FrameBound(width: 8, height: 6)))
        #expect(scaled.canvasWidth == 8 && scaled.canvasHeight == 6)
        let small = try #require(try scaled.nextFrame()).image
        let whole = try #require(try AnimatedImage.open(path: path).nextFrame()).image
        var error = 0
        for y in 0..<6 {
            for x in 0..<8 {
                for channel in [\RGBA.r, \RGBA.g, \RGBA.b] {
                    var sum = 0
                    for dy in 0..<4 { for dx in 0..<4 { sum += Int(whole[4 * x + dx, 4 * y + dy][keyPath: channel]) } }
                    error += abs(sum / 16 - Int(small[x, y][keyPath: channel]))
                }
            }
        }
        #expect(error / (8 * 6 * 3) <= 3)
    }

    /// The memory priced at opening: a baseline file is decoded as it is read (no coefficients
    /// held), a progressive one holds every block's coefficients (32x24 grey: 4x3 blocks of 64
    /// 16-bit values). A refusal names the picture's size even when it would decode scaled.
    @Test func onlyAProgressiveFileIsPricedForItsCoefficients() throws {
        func needed(_ name: String, bound: FrameBound? = nil) throws -> (bytes: Int, message: String) {
            let path = TestPaths.samples.appendingPathComponent("good/\(name)").path
            let file = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            do {
                _ = try AnimatedImage.open(path: path, limits: DecodeLimits(memoryBudget: 1, frameBound: bound))
            } catch {
                guard case .overBudget(_, _, _, let needed, _) = error else { throw error }
                return (needed - file - DecodeLimits.processOverhead, error.description)
            }
            Issue.record("\(name) opened within a budget of one byte")
            return (0, "")
        }
        #expect(try needed("jpeg-rgb.jpg").bytes == 32 * 24 * 4)
        #expect(try needed("jpeg-grey-progressive.jpg").bytes == 32 * 24 * 4 + 4 * 3 * 64 * 2)
        let scaled = try needed("jpeg-grey-progressive.jpg", bound: FrameBound(width: 8, height: 6))
        #expect(scaled.bytes == 8 * 6 * 4 + 4 * 3 * 64 * 2)
        #expect(scaled.message.contains("32x24"), "\(scaled.message)")
    }

    /// Over the budget at full size and within it at half (`--info` on a photo larger than a
    /// canvas may be): refused as it is, opened at half with `scalesToFit`, its own size still
    /// the picture's; the frame is the half-size decode. Over it at every scale: refused with
    /// the picture's size.
    @Test func aPictureOverTheLimitsAtFullSizeOpensSmallerWhereAsked() throws {
        let path = TestPaths.samples.appendingPathComponent("good/jpeg-rgb.jpg").path
        let file = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        // Room for the 16x12 canvas, not the 32x24 one.
        var limits = DecodeLimits(memoryBudget: DecodeLimits.processOverhead + file + 16 * 12 * 4)
        #expect(throws: DecodeError.self) { try AnimatedImage.open(path: path, limits: limits) }
        limits.scalesToFit = true
        let image = try AnimatedImage.open(path: path, limits: limits)
        #expect(image.canvasWidth == 16 && image.canvasHeight == 12)
        #expect(image.pictureSize == (32, 24))
        let frame = try #require(try image.nextFrame()).image
        #expect(frame.width == 16 && frame.height == 12)
        limits.memoryBudget = DecodeLimits.processOverhead + file + 3 * 4
        do {
            _ = try AnimatedImage.open(path: path, limits: limits)
            Issue.record("opened within a budget too small for 4x3")
        } catch {
            #expect(error.description.contains("32x24"), "\(error.description)")
        }
    }

    /// The turn applies to the scaled picture too: orientation 6 (32x24 shown) bounded to 8x6.
    @Test func aTurnedPhotoIsScaledInItsShownShape() throws {
        let path = TestPaths.samples.appendingPathComponent("good/jpeg-exif-orientation-6.jpg").path
        let image = try AnimatedImage.open(
            path: path, limits: DecodeLimits(frameBound: FrameBound(width: 8, height: 6)))
        #expect(image.canvasWidth == 8 && image.canvasHeight == 6)
        let frame = try #require(try image.nextFrame())
        #expect(frame.image.width == 8 && frame.image.height == 6)
    }

    /// Opened for the screen's pixels (32x24 shown whole), then told the cells read 8x3 rows of
    /// pixels twice as tall as wide: decoded at a quarter (8x6 square pixels), the same picture
    /// as opened for that size from the start; a larger bound later goes back to the size it
    /// was opened for, and no further (opened for 8x6, it stays 8x6).
    @Test func theSizeShownNarrowsTheScaleBeforeDecoding() throws {
        let path = TestPaths.samples.appendingPathComponent("good/jpeg-rgb.jpg").path
        let image = try AnimatedImage.open(
            path: path, limits: DecodeLimits(frameBound: FrameBound(width: 32, height: 24)))
        #expect(image.canvasWidth == 32 && image.canvasHeight == 24)
        image.show(at: FrameBound(width: 8, height: 3, pixelAspect: 2))
        let frame = try #require(try image.nextFrame())
        #expect(frame.image.width == 8 && frame.image.height == 6)
        #expect(image.canvasWidth == 8 && image.canvasHeight == 6)
        let direct = try #require(
            try AnimatedImage.open(path: path, limits: DecodeLimits(frameBound: FrameBound(width: 8, height: 6)))
                .nextFrame())
        let same = frame.image == direct.image
        #expect(same)
        image.show(at: FrameBound(width: 64, height: 48))
        try image.rewind()
        let again = try #require(try image.nextFrame())
        #expect(again.image.width == 32 && again.image.height == 24)
        let small = try AnimatedImage.open(
            path: path, limits: DecodeLimits(frameBound: FrameBound(width: 8, height: 6)))
        small.show(at: FrameBound(width: 64, height: 48))
        let kept = try #require(try small.nextFrame())
        #expect(kept.image.width == 8 && kept.image.height == 6)
    }
}
