import Decode
import Foundation
import Testing

/// ../shared/corpus/avif: Chromium's Blink AVIF stills, each against what its README-blink.md
/// says it shows, and the Link-U fox encodings (skipped where the corpus is absent).
@Suite struct AVIFCorpusTests {
    private func firstFrame(_ name: String) throws -> RGBAImage? {
        guard let corpus = TestPaths.corpus else { return nil }
        let image = try AnimatedImage.open(path: corpus.appendingPathComponent("avif/\(name)").path)
        #expect(image.format == .avif)
        return try image.nextFrame()?.image
    }

    private func names(matching prefix: String) throws -> [String] {
        guard let corpus = TestPaths.corpus else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent("avif").path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".avif") }.sorted()
    }

    /// The red files in every depth, subsampling, range, matrix, rotation and mirror are red,
    /// alpha included where they carry it (its ramp is checked below). Not the ones whose red
    /// comes from an ICC profile (`KnownDifferences`).
    @Test func everyRedEncodingIsRed() throws {
        let reds = try names(matching: "blink-red-").filter {
            !$0.contains("with-profile") && !$0.contains("12-oclock")
        }
        guard !reds.isEmpty else { return }
        #expect(reds.count >= 27)
        for name in reds {
            guard let frame = try firstFrame(name) else { continue }
            #expect(frame.width == 3 && frame.height == 3, "\(name)")
            for pixel in frame.pixels {
                #expect(pixel.r >= 250 && pixel.g <= 4 && pixel.b <= 4, "\(name): \(pixel)")
            }
            if !name.contains("with-alpha") {
                #expect(frame.pixels.allSatisfy { $0.a == 255 }, "\(name)")
            }
        }
    }

    /// red-with-alpha: transparent, half and opaque, the same in 8, 10 and 12 bits.
    @Test func alphaIsStraightAndRampsTheSameInEveryDepth() throws {
        var ramps: [[UInt8]] = []
        for depth in [8, 10, 12] {
            guard let frame = try firstFrame("blink-red-with-alpha-\(depth)bpc.avif") else { return }
            ramps.append(frame.pixels.map(\.a))
        }
        #expect(ramps[0].first == 0 && ramps[0].last == 255)
        #expect(ramps[0].contains { (100...155).contains($0) })
        for ramp in ramps.dropFirst() {
            #expect(zip(ramp, ramps[0]).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        }
    }

    @Test func silverAndGreyAreTheirGrey() throws {
        guard let silver = try firstFrame("blink-silver-full-range-srgb-420-8bpc.avif"),
            let grey = try firstFrame("blink-gray1024x704.avif")
        else { return }
        #expect(silver.pixels.allSatisfy { abs(Int($0.r) - 192) <= 2 && $0.r == $0.g && $0.g == $0.b })
        #expect(grey.width == 1024 && grey.height == 704)
        #expect(grey.pixels.allSatisfy { $0.r == $0.g && $0.g == $0.b && $0.a == 255 })
    }

    /// The alpha item without its mandatory `ispe` shows, as in browsers: green, half transparent.
    @Test func alphaWithoutSizePropertyShows() throws {
        guard let frame = try firstFrame("blink-green-no-alpha-ispe.avif") else { return }
        let pixel = frame.pixels[0]
        #expect(pixel.g > 240 && pixel.r < 30 && pixel.b < 30 && (120...136).contains(pixel.a))
    }

    /// One picture coded three ways (a single image, three layers, a grid of 13 tiles) decodes to
    /// the same picture; the layered 3-resolution file shows its best layer.
    @Test func gridsAndLayersMakeOnePicture() throws {
        guard let single = try firstFrame("blink-tiger_3layer_1res.avif") else { return }
        for other in ["blink-tiger_3layer_3res.avif", "blink-tiger_420_8b_grid1x13.avif"] {
            guard let frame = try firstFrame(other) else { continue }
            #expect(frame.width == single.width && frame.height == single.height)
            #expect(CanonicalPixels.meanDifference(frame, single) < 6, "\(other)")
        }
        for (name, width, height) in [
            ("blink-dice_444_10b_grid4x3.avif", 320, 240), ("blink-gracehopper_422_12b_grid2x4.avif", 256, 256),
            ("linku-fox.profile1.10bpc.yuv444.odd-width.odd-height.avif", 1203, 799),
        ] {
            guard let frame = try firstFrame(name) else { continue }
            #expect(frame.width == width && frame.height == height, "\(name)")
        }
    }

    @Test func monochromeIsGrey() throws {
        guard let fox = try firstFrame("linku-fox.profile0.10bpc.yuv420.monochrome.avif"),
            let colour = try firstFrame("linku-fox.profile0.8bpc.yuv420.avif")
        else { return }
        #expect(fox.pixels.allSatisfy { $0.r == $0.g && $0.g == $0.b })
        #expect(!colour.pixels.allSatisfy { $0.r == $0.g && $0.g == $0.b })
    }

    /// The red-at-12-o'clock picture in 8, 10 and 12 bits and lossy is one picture.
    @Test func depthsOfOnePictureAgree() throws {
        guard let reference = try firstFrame("blink-red-at-12-oclock-with-color-profile-8bpc.avif") else { return }
        for suffix in ["10bpc", "12bpc", "lossy"] {
            guard let frame = try firstFrame("blink-red-at-12-oclock-with-color-profile-\(suffix).avif") else {
                continue
            }
            #expect(CanonicalPixels.meanDifference(frame, reference) < 4, "\(suffix)")
        }
    }

    /// The cut file and the one whose AV1 frame header is wrong fail with one line, no crash.
    @Test func brokenFilesFailCleanly() throws {
        guard TestPaths.corpus != nil else { return }
        for name in [
            "blink-red-at-12-oclock-with-color-profile-truncated.avif",
            "blink-red-at-12-oclock-with-color-profile-with-wrong-frame-header.avif",
        ] {
            do {
                _ = try firstFrame(name)
                Issue.record("\(name) decoded")
            } catch let error as DecodeError {
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(name)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }
}
