import Decode
import Foundation
import Graphics
import Playback
import TestSupport
import Testing

/// Never slow motion: a file whose frames decode three times slower than they play still plays
/// on time where its frames can be passed over undecoded (numbered files, video, JPEG XL whose
/// frames stand alone), showing fewer of them; where each frame needs the one before (GIF, APNG,
/// WebP, chained JPEG XL) it falls behind, and says so once: the status line and the statistics.
/// Real decoders, on the injected clock: each decode costs clock time, a skip what it costs.
@Suite struct SlowDecoderTests {
    /// A real source whose decoding costs `decodeCost` on `clock` (and a pass over a frame
    /// undecoded `skipCost`).
    final class SlowedSource: FrameSource {
        let inner: AnimatedImage
        let clock: ManualClock
        let decodeCost: Duration
        let skipCost: Duration
        private(set) var decoded = 0

        init(_ inner: AnimatedImage, clock: ManualClock, decodeCost: Duration, skipCost: Duration) {
            self.inner = inner
            self.clock = clock
            self.decodeCost = decodeCost
            self.skipCost = skipCost
        }

        var name: String { inner.name }
        var frameCount: Int? { inner.frameCount }
        var totalPlays: Int? { inner.totalPlays }
        var hasMoreFrames: Bool { inner.hasMoreFrames }
        /// A frame costs `decodeCost`; finding the pass's end costs nothing.
        func nextFrame() throws(DecodeError) -> Frame? {
            guard let frame = try inner.nextFrame() else { return nil }
            clock.advance(by: decodeCost)
            decoded += 1
            return frame
        }
        func rewind() throws(DecodeError) { try inner.rewind() }
        func skipFrame() -> Duration? {
            guard let duration = inner.skipFrame() else { return nil }
            clock.advance(by: skipCost)
            return duration
        }
    }

    struct Case: CustomStringConvertible, Sendable {
        let file: String
        /// Frames can be passed over undecoded.
        let skips: Bool
        /// A skip's cost, as a part of the frame's duration (video decodes what it passes over).
        let skipShare: Double
        var description: String { file }
    }

    static let cases = [
        Case(file: "demo-ball.gif", skips: false, skipShare: 0),
        Case(file: "apng-dispose-background.png", skips: false, skipShare: 0),
        Case(file: "webp-anim-exif-orientation-8.webp", skips: false, skipShare: 0),
        Case(file: "jxl-layers-lossless.jxl", skips: false, skipShare: 0),
        Case(file: "jxl-frames-standalone.jxl", skips: true, skipShare: 0.02),
        Case(file: "video-vp9.webm", skips: true, skipShare: 0.25),
        Case(file: "sequence", skips: true, skipShare: 0.02),
    ]

    private static func open(_ file: String) throws -> AnimatedImage {
        guard file == "sequence" else { return try AnimatedImage.open(path: RepositoryPaths.sample(file)) }
        let folder = NSTemporaryDirectory() + "tview-slow-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for number in 1...24 {
            let pixels = [RGBA](repeating: RGBA(r: UInt8(number * 10), g: 0, b: 0), count: 16 * 12)
            try PNGFile.write(RGBAImage(width: 16, height: 12, pixels: pixels), to: "\(folder)/f\(number).png")
        }
        let sequence = try #require(try FrameSequence.find("\(folder)/f%d.png"))
        return try AnimatedImage.open(sequence: sequence, frameDuration: .milliseconds(40))
    }

    @Test(arguments: cases)
    func aDecoderSlowerThanRealTimeSkipsOrSaysItFellBehind(_ test: Case) throws {
        // The loop's frames and length, read at full speed first.
        let probe = try Self.open(test.file)
        var durations: [Duration] = []
        while let frame = try probe.nextFrame() { durations.append(frame.duration) }
        let loop = durations.reduce(.zero, +)
        let mean = loop / durations.count
        let loops = 6

        let clock = ManualClock()
        let source = SlowedSource(
            try Self.open(test.file), clock: clock, decodeCost: mean * 3, skipCost: mean * test.skipShare)
        let sink = RecordingSink(clock: clock)
        let player = Player(
            sources: [source], clock: clock, events: ScriptedEvents(clock: clock), sink: sink,
            settings: PlayerSettings(loops: loops, showStatus: true, cacheBytes: 0, decodesOnThread: false))
        #expect(player.run() == .finished)
        let statistics = player.statistics
        let nominal = loop * loops
        let said = sink.presentations.contains { $0.status?.contains("behind") == true }
        if test.skips {
            // On time: within 3 % of the loops' length, or two decodes for the last frame, which
            // is never passed over (it stays on screen) and is decoded once the one before it
            // was shown; no frame later than that either, frames passed over, nothing said.
            let decode = mean * 3
            let off = statistics.wall > nominal ? statistics.wall - nominal : nominal - statistics.wall
            #expect(off <= max(nominal * 0.03, decode * 2), "wall \(statistics.wall) of \(nominal)")
            #expect(statistics.lateness.allSatisfy { $0 <= (decode * 2) / .milliseconds(1) })
            #expect(statistics.framesSkipped > 0)
            #expect(source.decoded < durations.count * loops)
            #expect(!statistics.fellBehind && !said)
        } else {
            // Every frame decoded, later and later: said once it is half a second behind.
            #expect(source.decoded >= durations.count * loops)
            #expect(statistics.wall > nominal * 2)
            #expect(statistics.fellBehind && said)
        }
    }
}
