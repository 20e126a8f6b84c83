@testable import Decode
import Foundation
import Testing

/// A GIF's frame count from a walk over its blocks (`GIFFrameCounter`) is the count a whole pass
/// decodes, for every GIF among the samples and the shared corpus that decodes whole (a screen
/// with no image is one transparent frame, as browsers show it); where a pass ends early
/// (damaged data), the walk never counts fewer frames than were decoded.
@Suite struct GIFFrameCounterTests {
    @Test func theWalkCountsTheFramesAPassDecodes() throws {
        var paths = try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.samples.appendingPathComponent("good").path
        ).filter { $0.hasSuffix(".gif") }.map { TestPaths.samples.appendingPathComponent("good/\($0)").path }
        if let corpus = TestPaths.corpus?.appendingPathComponent("gif"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path)
        {
            paths += names.filter { $0.hasSuffix(".gif") }.map { corpus.appendingPathComponent($0).path }
        }
        var whole = 0, manyFrames = 0
        for path in paths {
            guard let image = try? AnimatedImage.open(path: path) else { continue }
            var decoded = 0, failed = false
            do {
                while try image.nextFrame() != nil { decoded += 1 }
            } catch {
                failed = true
            }
            let counted = try Self.walk(path, budget: .max)
            // A step at a time (a few sub-blocks each): the same count.
            #expect(try Self.walk(path, budget: 300) == counted, "\(path)")
            if image.isTruncated || failed {
                #expect(
                    (counted ?? decoded) >= decoded,
                    "\(path): counted \(String(describing: counted)), decoded \(decoded)")
            } else {
                #expect(counted == decoded, "\(path): counted \(String(describing: counted)), decoded \(decoded)")
                whole += 1
                if decoded > 2 { manyFrames += 1 }
            }
        }
        #expect(whole >= 10 && manyFrames >= 3, "\(whole) whole files, \(manyFrames) with more than two frames")
    }

    /// Before a pass has ended, `expectedFrameCount` is nil for a GIF until counted, then the
    /// walk's count; `frameCount` stays what a pass found (nil until then).
    @Test func theCountIsOfferedBeforeAPassEnds() throws {
        let image = try AnimatedImage.open(path: TestPaths.samples.appendingPathComponent("good/demo-ball.gif").path)
        _ = try image.nextFrame()
        #expect(image.frameCount == nil && image.expectedFrameCount == nil)
        image.countFramesInAdvance(budget: 200)
        #expect(image.expectedFrameCount == nil)  // a few blocks in
        image.countFramesInAdvance(budget: .max)
        let expected = try #require(image.expectedFrameCount)
        #expect(expected > 1 && image.frameCount == nil)
        var decoded = 1
        while try image.nextFrame() != nil { decoded += 1 }
        #expect(image.frameCount == decoded && expected == decoded)
    }

    /// The walk over `path` in steps of `budget` bytes, to its end.
    static func walk(_ path: String, budget: Int) throws -> Int? {
        let counter = GIFFrameCounter(try InputFile.open(path: path, limits: DecodeLimits()))
        while true {
            if case .done(let count) = counter.walk(budget: budget) { return count }
        }
    }

    /// A GIF cut anywhere plays the frames before the cut (a warning names it); the walk counts
    /// those, so the status line says `frame 3/11`, not `frame 3/?`, from the start.
    @Test func aGIFCutAnywhereCountsTheFramesThatPlay() throws {
        let data = try Data(contentsOf: TestPaths.samples.appendingPathComponent("good/demo-ball.gif"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tview-gif-cut-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var cutsInsideAnImage = 0
        for length in stride(from: 40, to: data.count, by: 97) {
            let cut = directory.appendingPathComponent("cut-\(length).gif")
            try data.prefix(length).write(to: cut)
            guard let image = try? AnimatedImage.open(path: cut.path) else { continue }
            var decoded = 0
            while (try? image.nextFrame()) != nil { decoded += 1 }
            let counted = try Self.walk(cut.path, budget: .max)
            #expect(
                (counted ?? 0) == decoded, "cut at \(length): counted \(String(describing: counted)), played \(decoded)"
            )
            if decoded > 0 && image.isTruncated { cutsInsideAnImage += 1 }
        }
        #expect(cutsInsideAnImage > 10)
    }

    @Test func notAGIFOrNoWholeImageIsNotCounted() throws {
        let data = try Data(contentsOf: TestPaths.samples.appendingPathComponent("good/demo-ball.gif"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tview-gif-count-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cut = directory.appendingPathComponent("cut.gif"), png = directory.appendingPathComponent("x.png")
        // Inside the first image's data.
        try data.prefix(900).write(to: cut)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 40)).write(to: png)
        #expect(try Self.walk(cut.path, budget: .max) == nil)
        #expect(try Self.walk(png.path, budget: .max) == nil)
    }
}
