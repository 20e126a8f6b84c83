import Decode
import Playback
import Terminal
import TestSupport
import Testing

/// The player's gallery on an injected clock: every tile keeps its own timing from one clock,
/// pages and selection follow the keys, a loop that fits the shared cache plays without
/// decoding, a tile that fails does not stop the others.
@Suite struct PlayerGalleryTests {
    /// Records what each present showed: for each tile, the frame number its picture carries.
    final class RecordingGallerySink: FrameSink {
        func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int) { (80, 23) }
        var pages: [(time: Duration, frames: [Int?], captions: [String], selected: Int?, status: String)] = []
        let clock: ManualClock
        /// What preparing a picture costs on the clock.
        var prepareCost: Duration = .zero
        init(clock: ManualClock) { self.clock = clock }

        func prepare(
            _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
        ) -> Int {
            clock.advance(by: prepareCost)
            return Int(image.pixels[0].r) | Int(image.pixels[0].g) << 8
        }

        /// 100 bytes a page.
        var bytesWritten: Int { pages.count * 100 }

        func present(_ tiles: [TileView<Int>], status: PlaybackStatus?) {
            pages.append(
                (
                    clock.now(), tiles.map(\.picture), tiles.map { $0.caption ?? "" }, tiles.firstIndex { $0.selected },
                    status?.text(width: 200).description ?? ""
                ))
        }

        func refresh() {}
        func suspend() {}
        func cost(of prepared: Int) -> Int { 100 }
        var outputError: WriteError? { nil }
        func readiness(at now: Duration) -> Duration? { nil }
    }

    private static func gallery(
        _ sources: [any FrameSource], clock: ManualClock, events: ScriptedEvents, sink: RecordingGallerySink,
        grid: (columns: Int, rows: Int)? = nil, cacheBytes: Int = 0
    ) -> Player<RecordingGallerySink> {
        Player(
            sources: sources, clock: clock, events: events, sink: sink,
            settings: PlayerSettings(cacheBytes: cacheBytes, decodesOnThread: false), arrangement: .gallery(grid: grid))
    }

    /// When each tile first showed each frame number, relative to the first page.
    static func firstShown(_ sink: RecordingGallerySink, tile: Int) -> [Int: Duration] {
        var shown: [Int: Duration] = [:]
        let origin = sink.pages[0].time
        for page in sink.pages {
            if let frame = page.frames[tile], shown[frame] == nil { shown[frame] = page.time - origin }
        }
        return shown
    }

    @Test func eachTileKeepsItsOwnTiming() {
        let clock = ManualClock()
        let fast = SyntheticSource(name: "a/fast.gif", frames: 4, durations: [.milliseconds(40)])
        let slow = SyntheticSource(name: "b/slow.gif", frames: 3, durations: [.milliseconds(100), .milliseconds(300)])
        let sink = RecordingGallerySink(clock: clock)
        let events = ScriptedEvents(clock: clock, script: [(.milliseconds(1000), .key(.quit))])
        let gallery = Self.gallery([fast, slow], clock: clock, events: events, sink: sink, grid: nil, cacheBytes: 0)
        #expect(gallery.run() == .quit)
        // Frames at their deadlines from the first page (40 ms apart; 100, 300, 100 ms), looping.
        let fastShown = Self.firstShown(sink, tile: 0)
        #expect(fastShown[1] == .milliseconds(40) && fastShown[3] == .milliseconds(120))
        let slowShown = Self.firstShown(sink, tile: 1)
        #expect(slowShown[1] == .milliseconds(100) && slowShown[2] == .milliseconds(400))
        // The second loop of the fast tile starts at 160 ms, not later.
        let loop2 = sink.pages.first { $0.time - sink.pages[0].time > .milliseconds(150) && $0.frames[0] == 0 }
        #expect(loop2.map { $0.time - sink.pages[0].time } == .milliseconds(160))
        // Captions are the names' last parts; both tiles looped on time.
        #expect(sink.pages[0].captions == ["fast.gif", "slow.gif"])
        #expect(gallery.statistics.loopRatios.allSatisfy { abs($0 - 1) < 0.01 })
        #expect(gallery.statistics.loopRatios.count == 2)
    }

    /// --stats in the gallery: bytes, decode and render time, lateness and wall are counted.
    @Test func statisticsCountWhatTheGalleryDid() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 4, durations: [.milliseconds(100)])
        source.onDecode = { _ in clock.advance(by: .milliseconds(3)) }
        let sink = RecordingGallerySink(clock: clock)
        sink.prepareCost = .milliseconds(2)
        let events = ScriptedEvents(clock: clock, script: [(.milliseconds(1000), .key(.quit))])
        let gallery = Self.gallery([source], clock: clock, events: events, sink: sink, grid: nil, cacheBytes: 0)
        #expect(gallery.run() == .quit)
        let statistics = gallery.statistics
        #expect(statistics.framesShown >= 10)
        #expect(statistics.bytesWritten == sink.pages.count * 100)
        // Every frame decoded took 3 ms and every picture made 2 ms on the clock (one more made
        // ahead, waiting when q came).
        #expect(statistics.decodeTime >= .milliseconds(3 * statistics.framesShown))
        #expect(statistics.renderTime == .milliseconds(2 * (statistics.framesShown + 1)))
        // Frames after the first page were decoded and made ahead, while the one before them
        // was on screen: each was drawn on its deadline.
        #expect(statistics.lateness.count == statistics.framesShown - 1)
        #expect(statistics.lateness.allSatisfy { $0 == 0 })
        #expect(statistics.wall >= .milliseconds(990))  // from the first page on screen
    }

    @Test func aLoopThatFitsTheCacheIsNotDecodedAgain() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 5, durations: [.milliseconds(50)])
        let sink = RecordingGallerySink(clock: clock)
        let events = ScriptedEvents(clock: clock, script: [(.milliseconds(2000), .key(.quit))])
        let gallery = Self.gallery([source], clock: clock, events: events, sink: sink, grid: nil, cacheBytes: 10_000)
        _ = gallery.run()
        // Eight loops played; the file was decoded once through (and once more to find its end).
        #expect(gallery.statistics.framesShown >= 39)
        #expect(source.decodes == 5)
    }

    /// A still (one frame) is drawn once and then left alone, cached or not: no deadline, no
    /// more pages drawn for it.
    @Test func aStillStaysStill() {
        for cacheBytes in [0, 10_000] {
            let clock = ManualClock()
            let still = SyntheticSource(frames: 1, durations: [.milliseconds(100)])
            let sink = RecordingGallerySink(clock: clock)
            let events = ScriptedEvents(
                clock: clock, script: [(.milliseconds(500), .key(.restart)), (.milliseconds(3000), .key(.quit))])
            let gallery = Self.gallery(
                [still], clock: clock, events: events, sink: sink, grid: nil, cacheBytes: cacheBytes)
            #expect(gallery.run() == .quit)
            // The first page, and the page again after r: nothing in between or after.
            #expect(sink.pages.count == 2, "cache \(cacheBytes)")
            #expect(events.deadlines.suffix(1) == [nil])
        }
    }

    @Test func keysMoveTheSelectionTurnPagesAndOpenATile() {
        let clock = ManualClock()
        let sources = (0..<5).map { SyntheticSource(name: "f\($0).gif", frames: 2, durations: [.milliseconds(500)]) }
        let sink = RecordingGallerySink(clock: clock)
        let events = ScriptedEvents(
            clock: clock,
            script: [
                (.milliseconds(10), .key(.stepForward)), (.milliseconds(20), .key(.down)),
                (.milliseconds(30), .key(.nextFile)), (.milliseconds(40), .key(.open)),
                (.milliseconds(700), .key(.quit)), (.milliseconds(800), .key(.quit)),
            ])
        // Two tiles a page: three pages.
        let gallery = Self.gallery(sources, clock: clock, events: events, sink: sink, grid: (2, 1))
        #expect(gallery.pages == 3)
        // Right selects the second tile; down has no row to go to; n turns to page 2, whose
        // selection stays the second tile: Enter opens file 3 full screen, its frames playing
        // on their timing until q; q brings page 2 back, and q again quits.
        #expect(gallery.run() == .quit)
        #expect(sink.pages.contains { $0.selected == 1 && $0.captions == ["f0.gif", "f1.gif"] })
        let origin = sink.pages[0].time
        let opened = sink.pages.filter { $0.captions == [""] }
        #expect(opened.map { $0.time - origin } == [.milliseconds(40), .milliseconds(540)])
        #expect(Set(opened.map { $0.frames }).count == 2, "both frames of f3.gif shown")
        let back = sink.pages.filter { $0.time - origin >= .milliseconds(700) }
        #expect(back.first?.captions == ["f2.gif", "f3.gif"])
        #expect(back.first?.status.hasPrefix("page 2/3") == true)
        #expect(back.first?.selected == 1)
    }

    @Test func aTileThatFailsLeavesTheOthersPlaying() {
        let clock = ManualClock()
        let good = SyntheticSource(name: "good.gif", frames: 3, durations: [.milliseconds(100)])
        let bad = FailingSource()
        let sink = RecordingGallerySink(clock: clock)
        let events = ScriptedEvents(clock: clock, script: [(.milliseconds(500), .key(.quit))])
        let gallery = Self.gallery([bad, good], clock: clock, events: events, sink: sink, grid: nil, cacheBytes: 0)
        #expect(gallery.run() == .quit)
        #expect(sink.pages.last?.captions[0].contains("broken.gif: GIF is corrupt") == true)
        #expect(Self.firstShown(sink, tile: 1)[2] == .milliseconds(200))
        #expect(gallery.failures.map(\.name) == ["broken.gif"])
    }

    /// A source whose first frame fails to decode.
    final class FailingSource: FrameSource {
        let name = "broken.gif"
        let frameCount: Int? = nil
        let totalPlays: Int? = nil
        func nextFrame() throws(DecodeError) -> Frame? { throw .corrupt(format: .gif, detail: "bad block") }
        func rewind() throws(DecodeError) {}
    }
}
