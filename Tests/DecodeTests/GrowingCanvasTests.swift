import Foundation
import Testing

@testable import Decode

/// A first frame read by another thread while it is drawn (`GrowingCanvas`): what the reader
/// takes of the rows said to be final is the frame that comes out.
@Suite struct GrowingCanvasTests {
    /// First images drawn top to bottom, interlaced, smaller than the canvas, larger than it and
    /// partly outside it.
    static let firstImages = [
        "demo-ball.gif", "gif-interlaced-local-palettes.gif", "gif-transparent.gif",
        "gif-first-frame-larger-than-screen.gif", "gif-frame-offset-outside-screen.gif",
    ]

    /// A sample of samples/good, opened.
    private static func sample(_ name: String) throws -> AnimatedImage {
        try AnimatedImage.open(path: TestPaths.samples.appendingPathComponent("good/" + name).path)
    }

    @Test func rowsAreWaitedForUntilPublishedOrFinished() {
        let canvas = GrowingCanvas()
        let pixels = [RGBA](repeating: .transparent, count: 12)
        pixels.withUnsafeBufferPointer { canvas.begin(pixels: $0.baseAddress!, width: 3, height: 4) }
        canvas.publish(rows: 2)
        #expect(canvas.waitForRows(2))
        #expect(canvas.waitForRows(0))
        #expect(!canvas.isFinished)
        canvas.publish(rows: 1)  // never back
        canvas.finish()
        #expect(canvas.waitForRows(4), "finished: nothing more to wait for")
        #expect(canvas.waitForCanvas()?.width == 3)
        _ = pixels
    }

    @Test func aCanvasFinishedWithoutBeginningHasNoPixels() {
        let canvas = GrowingCanvas()
        canvas.finish()
        #expect(canvas.waitForCanvas() == nil)
        #expect(!canvas.waitForRows(1))
    }

    @Test func itsSerialIsNoFramesSerial() throws {
        let canvas = GrowingCanvas()
        let image = try Self.sample("demo-ball.gif")
        let frame = try #require(try image.nextFrame())
        #expect(frame.serial != canvas.serial)
    }

    /// Each row, taken from the canvas at the moment the decoder says it is final (the decoder
    /// held there), is that row of the frame it returns: top to bottom, interlaced (final only
    /// at the end), an image smaller than the canvas, one larger than it, one partly outside it.
    @Test(arguments: GrowingCanvasTests.firstImages)
    func rowsSaidFinalAreFinal(name: String) throws {
        let image = try Self.sample(name)
        let canvas = GrowingCanvas()
        var taken = [RGBA]()
        var publications = 0
        canvas.onPublish = { rows in
            publications += 1
            guard let view = canvas.waitForCanvas() else { return }
            taken += view.pixels[(taken.count)..<(rows * view.width)]
        }
        #expect(image.drawsNextFrame(showing: canvas))
        let frame = try #require(try image.nextFrame())
        canvas.finish()
        let same = taken == frame.image.pixels
        #expect(same, "the rows as they were when said final")
        let interlaced = name.contains("interlaced")
        #expect(interlaced ? publications == 1 : publications > 1, "\(publications) publications")
    }

    /// A GIF's first frame, read row by row on this thread as the decoder (on another) says each
    /// is final, is the frame the decoder returns: top to bottom, interlaced (final only at the
    /// end), an image smaller than the canvas, one larger than it and one partly outside it.
    @Test(arguments: GrowingCanvasTests.firstImages)
    func rowsReadAsTheyAreDrawnAreTheFrame(name: String) throws {
        let image = try Self.sample(name)
        let canvas = GrowingCanvas()
        #expect(image.drawsNextFrame(showing: canvas))
        let worker = try #require(BackgroundWorker())
        let decoded = FrameBox()
        worker.start {
            decoded.frame = try? image.nextFrame()
            canvas.finish()
        }
        let view = try #require(canvas.waitForCanvas())
        var read = [RGBA]()
        for row in 0..<view.height {
            canvas.waitForRows(row + 1)
            read += view.pixels[(row * view.width)..<((row + 1) * view.width)]
        }
        worker.wait()
        let frame = try #require(decoded.frame)
        #expect(frame.image.width == view.width && frame.image.height == view.height)
        let same = read == frame.image.pixels
        #expect(same, "the rows read as they came")
    }

    /// Only a pass's first frame is shown so (its canvas nothing else holds), and only by GIF.
    @Test func onlyAGIFsFirstFrameIsShownRowByRow() throws {
        let gif = try Self.sample("demo-ball.gif")
        _ = try gif.nextFrame()
        #expect(!gif.drawsNextFrame(showing: GrowingCanvas()))
        let png = try Self.sample("apng-blend-alpha.png")
        #expect(!png.drawsNextFrame(showing: GrowingCanvas()))
    }

    /// The frame the worker decoded, handed back through `BackgroundWorker.wait`.
    private final class FrameBox: @unchecked Sendable {
        var frame: Frame?
    }
}
