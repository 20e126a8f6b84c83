import Decode
import Foundation
import Testing

/// Every sample's frames, durations and loop count against samples/expected.
@Suite struct SampleDecodeTests {
    @Test(arguments: SampleExpectation.all)
    func sampleDecodesToExpectedFrames(fileName: String) throws {
        try Self.check(try SampleExpectation(fileName: fileName))
    }

    /// Damaged files (samples/bad with an expectation): the frames or rows that decode, then a
    /// warning and `isTruncated`, the frame count as played; `--info` (the WebP container's
    /// durations, read first on a fresh file) says the same.
    @Test(arguments: SampleExpectation.damaged)
    func damagedSampleDecodesToWhatArrived(fileName: String) throws {
        let expected = try SampleExpectation(fileName: fileName, folder: "bad")
        #expect(expected.truncated && !expected.warnings.isEmpty)
        try Self.check(expected)

        let described = try AnimatedImage.open(path: expected.file.path)
        if let durations = described.declaredDurations {
            #expect(durations == expected.durations)
            #expect(described.isTruncated)
            #expect(described.warnings == expected.warnings)
        }
    }

    /// Decodes `expected.file` and holds every frame, the count, loop count, truncation and
    /// warnings to the expectation.
    static func check(_ expected: SampleExpectation) throws {
        let image = try AnimatedImage.open(path: expected.file.path)
        #expect(image.canvasWidth == expected.width)
        #expect(image.canvasHeight == expected.height)
        var index = 0
        while let frame = try image.nextFrame() {
            try #require(index < expected.frames.count, "more frames than expected")
            let ours = CanonicalPixels.bytes(frame.image)
            if expected.exact {
                let same = ours == expected.frames[index]
                #expect(same, "frame \(index) pixels differ")
            } else {
                let difference = Self.meanPremultipliedDifference(ours, expected.frames[index])
                #expect(difference <= expected.meanTolerance, "frame \(index) differs by \(difference) on average")
            }
            #expect(frame.duration == expected.durations[index], "frame \(index) duration")
            index += 1
        }
        #expect(index == expected.frames.count)
        #expect(image.frameCount == expected.frames.count)
        #expect(image.loopCount == expected.loopCount)
        #expect(image.isTruncated == expected.truncated)
        #expect(image.warnings == expected.warnings)
        // Warned once: a second pass plays the same and says nothing more.
        try image.rewind()
        var again = 0
        while try image.nextFrame() != nil { again += 1 }
        #expect(again == expected.frames.count)
        #expect(image.warnings == expected.warnings)
    }

    @Test(arguments: SampleExpectation.all)
    func rewindReplaysTheSameFrames(fileName: String) throws {
        let image = try AnimatedImage.open(path: TestPaths.samples.appendingPathComponent("good/\(fileName)").path)
        var first: [Frame] = []
        while let frame = try image.nextFrame() { first.append(frame) }
        try image.rewind()
        var second: [Frame] = []
        while let frame = try image.nextFrame() { second.append(frame) }
        #expect(first.map(\.image) == second.map(\.image))
        #expect(first.map(\.duration) == second.map(\.duration))
        #expect(first.map { $0.change?.rect } == second.map { $0.change?.rect })
        // Every frame is told apart from every other, across passes.
        #expect(Set((first + second).map(\.serial)).count == first.count * 2)
    }

    /// What lets a renderer redo only part of a frame: each frame says where it differs from
    /// the one before it in the pass, and the canvases are equal everywhere else.
    @Test(arguments: SampleExpectation.all)
    func changeRectanglesHoldEveryDifference(fileName: String) throws {
        let image = try AnimatedImage.open(path: TestPaths.samples.appendingPathComponent("good/\(fileName)").path)
        try ChangeCheck.verify(image)
    }

    /// `hasMoreFrames` (what lets the player drop a skipped frame's canvas early) is true after
    /// every frame but the last, on the first pass (GIF reads ahead) and after a rewind.
    @Test(arguments: SampleExpectation.all)
    func moreFramesAreKnownUntilTheLast(fileName: String) throws {
        let image = try AnimatedImage.open(path: TestPaths.samples.appendingPathComponent("good/\(fileName)").path)
        for pass in 0..<2 {
            if pass > 0 { try image.rewind() }
            var seen: [Bool] = []
            while try image.nextFrame() != nil { seen.append(image.hasMoreFrames) }
            #expect(!seen.isEmpty)
            #expect(seen == Array(repeating: true, count: seen.count - 1) + [false], "pass \(pass)")
        }
    }

    /// Mean absolute difference over premultiplied channels and alpha (lossy codecs).
    static func meanPremultipliedDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        var total = 0.0
        for pixel in stride(from: 0, to: a.count, by: 4) {
            let alphaA = Double(a[pixel + 3]) / 255
            let alphaB = Double(b[pixel + 3]) / 255
            for channel in 0..<3 {
                total += abs(Double(a[pixel + channel]) * alphaA - Double(b[pixel + channel]) * alphaB)
            }
            total += abs(Double(a[pixel + 3]) - Double(b[pixel + 3]))
        }
        return total / Double(a.count)
    }
}
