@testable import Decode
import Playback
import Terminal
import TestSupport
import Testing

/// The player on a manual clock: no real sleeping anywhere.
@Suite struct PlayerTests {
    private func player(
        _ sources: [any FrameSource], clock: ManualClock, script: [(Duration, PlayerEvent)] = [],
        cost: @escaping (Int) -> Duration = { _ in .zero }, settings: PlayerSettings = PlayerSettings(),
        decodesOnThread: Bool? = nil
    ) -> (Player<RecordingSink>, RecordingSink, ScriptedEvents) {
        var settings = settings
        if let decodesOnThread { settings.decodesOnThread = decodesOnThread }
        let sink = RecordingSink(clock: clock, cost: cost)
        let events = ScriptedEvents(clock: clock, script: script)
        return (Player(sources: sources, clock: clock, events: events, sink: sink, settings: settings), sink, events)
    }

    /// When each frame number first reached the screen.
    private func firstShown(_ sink: RecordingSink) -> [Int: Duration] {
        var result: [Int: Duration] = [:]
        for (number, presentation) in zip(sink.frameNumbers, sink.presentations) where result[number] == nil {
            result[number] = presentation.time
        }
        return result
    }

    /// A source that scales as it decodes is told the frames worth decoding for its tile (the
    /// sink's answer) before its first frame, again when a resize changes the tile, and not when
    /// a resize leaves it as it was.
    @Test func sourcesAreToldTheSizeTheirTileShows() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 6, durations: [.milliseconds(40)], totalPlays: 1)
        let (player, sink, _) = player(
            [source], clock: clock, script: [(.milliseconds(50), .resize), (.milliseconds(130), .resize)],
            settings: PlayerSettings(showStatus: false))
        sink.boundForTile = { FrameBound(width: $0.width * 8, height: $0.pictureRows * 8, pixelAspect: 2) }
        // The screen shrinks before the second resize; the first finds it as it was.
        sink.onPresent = { [unowned sink] index in if index == 2 { sink.area = (40, 12) } }
        #expect(player.run() == .finished)
        #expect(
            source.bounds == [
                FrameBound(width: 640, height: 192, pixelAspect: 2), FrameBound(width: 320, height: 96, pixelAspect: 2),
            ])
    }

    /// A file opened from a gallery stays until a key, a still or a file that plays once too;
    /// without that setting it ends once its last frame has had its time.
    @Test(arguments: [1, 3])
    func aHeldFileStaysOnItsLastFrameUntilAKey(frames: Int) {
        let clock = ManualClock()
        let start = clock.now()
        var settings = PlayerSettings(showStatus: false)
        settings.stillsEndAtOnce = true
        settings.holdsLastFrame = true
        let held = SyntheticSource(frames: frames, durations: [.milliseconds(100)], totalPlays: 1)
        let (holding, sink, _) = player(
            [held], clock: clock, script: [(.seconds(30), .key(.quit))], settings: settings)
        #expect(holding.run() == .quit)
        #expect(clock.now() - start == .seconds(30))
        #expect(sink.presentations.count == frames)

        settings.holdsLastFrame = false
        let ending = SyntheticSource(frames: frames, durations: [.milliseconds(100)], totalPlays: 1)
        let (again, _, _) = player([ending], clock: clock, script: [(.seconds(60), .key(.quit))], settings: settings)
        #expect(again.run() == .finished)
        #expect(clock.now() - start < .seconds(31))
    }

    @Test func deadlinesDoNotDriftOver10000Frames() {
        let clock = ManualClock()
        var random = SplitMix64(seed: 1)
        let costs = (0..<10_001).map { _ in Duration.microseconds(Int64(random.next() % 5000)) }  // 0–5 ms a present
        let durations: [Duration] = [.nanoseconds(33_333_333), .milliseconds(40), .milliseconds(17)]
        let source = SyntheticSource(frames: 10_000, durations: durations, totalPlays: 1)
        let (player, sink, _) = player([source], clock: clock, cost: { costs[$0] })
        let start = clock.now()
        #expect(player.run() == .finished)
        let shown = firstShown(sink)
        #expect(shown.count == 10_000)
        var media: Duration = .zero
        var worst: Duration = .zero
        for frame in 0..<10_000 {
            // Frame k is due at start + Σ durations before it, whatever the presents cost.
            let offset = shown[frame]! - (start + media)
            worst = max(worst, offset < .zero ? .zero - offset : offset)
            media += durations[frame % durations.count]
        }
        #expect(worst <= .milliseconds(5))
        #expect(player.statistics.framesSkipped == 0)
        // The whole loop takes its nominal time (plus the last present's cost at most).
        #expect(clock.now() - start >= media && clock.now() - start <= media + .milliseconds(5))
    }

    @Test(arguments: [false, true])
    func fallingBehindSkipsFramesInsteadOfSlowMotion(decodesOnThread: Bool) {
        let clock = ManualClock()
        // 120 frames of 40 ms (4.8 s) on a terminal that needs 100 ms a frame.
        let source = SyntheticSource(frames: 120, durations: [.milliseconds(40)], totalPlays: 1)
        let (player, sink, _) = player(
            [source], clock: clock, cost: { _ in .milliseconds(100) },
            settings: PlayerSettings(decodesOnThread: decodesOnThread))
        // The clock starts once the first frame is on screen: after its 100 ms present.
        let start = clock.now() + .milliseconds(100)
        #expect(player.run() == .finished)
        let elapsed = clock.now() - start
        // Real time, not slow motion: at most the final frame's present late.
        #expect(elapsed >= .milliseconds(4800) && elapsed <= .milliseconds(5000), "real time, not slow motion")
        #expect(player.statistics.framesSkipped > 60)
        #expect(player.statistics.framesShown + player.statistics.framesSkipped == 120)
        #expect(player.statistics.loopsDone == 1)  // the end of the pass counted once
        // What is shown is the frame due at that moment, never one already over (but for the
        // final frame, which stays on screen when playing ends).
        for (number, presentation) in zip(sink.frameNumbers, sink.presentations) where number < 119 {
            #expect(presentation.time - start < .milliseconds(40 * (number + 1)) + .milliseconds(1))
        }
        #expect(sink.frameNumbers.last == 119)
    }

    /// Numbered files: the frames a late player drops are passed over without being decoded, and
    /// playing stays in real time showing the frame due.
    @Test(arguments: [false, true])
    func framesThatStandAloneAreSkippedWithoutDecoding(decodesOnThread: Bool) {
        let clock = ManualClock()
        // 120 frames of 40 ms on a terminal that needs 300 ms a frame: seven in eight are dropped.
        let source = SyntheticSource(frames: 120, durations: [.milliseconds(40)], totalPlays: 1)
        source.skipsUndecoded = true
        let (played, sink, _) = player(
            [source], clock: clock, cost: { _ in .milliseconds(300) },
            settings: PlayerSettings(decodesOnThread: decodesOnThread))
        let start = clock.now() + .milliseconds(300)
        #expect(played.run() == .finished)
        let elapsed = clock.now() - start
        // Real time: at most the final frame's 300 ms present late (and its own 40 ms shown).
        #expect(
            elapsed >= .milliseconds(4800) && elapsed <= .milliseconds(5140), "real time, not slow motion: \(elapsed)")
        #expect(played.statistics.framesShown + played.statistics.framesSkipped == 120)
        // Shown frames, and at most one decoded ahead and dropped at each step: far fewer than
        // the 120 a decoder that must go in turn decodes.
        #expect(source.decodes <= 2 * played.statistics.framesShown + 1)
        #expect(source.decodes < 60)
        for (number, presentation) in zip(sink.frameNumbers, sink.presentations) where number < 119 {
            #expect(presentation.time - start < .milliseconds(40 * (number + 1)) + .milliseconds(1))
        }
        #expect(sink.frameNumbers.last == 119)
        // A decoder that must go in turn decodes every frame it drops.
        let inTurn = SyntheticSource(frames: 120, durations: [.milliseconds(40)], totalPlays: 1)
        let (again, _, _) = player(
            [inTurn], clock: ManualClock(), cost: { _ in .milliseconds(300) },
            settings: PlayerSettings(decodesOnThread: decodesOnThread))
        #expect(again.run() == .finished)
        #expect(inTurn.decodes == 120)
    }

    @Test(arguments: [false, true])
    func aSlowLinkHoldsFramesBackAndShowsTheNewestWhenItCanTakeOne(decodesOnThread: Bool) {
        let clock = ManualClock()
        // 120 frames of 40 ms (4.8 s); each frame takes 150 ms to reach the screen. Unpaced,
        // the screen would show the last frame after 18 s.
        let source = SyntheticSource(frames: 120, durations: [.milliseconds(40)], totalPlays: 1)
        let (player, sink, _) = player(
            [source], clock: clock, settings: PlayerSettings(decodesOnThread: decodesOnThread))
        sink.linkTime = { _ in .milliseconds(150) }
        let start = clock.now()
        #expect(player.run() == .finished)
        // Never more than one frame in flight: each present waited for the screen.
        for (presented, previousShown) in zip(sink.presentations.dropFirst(), sink.onScreen) {
            #expect(presented.time >= previousShown)
        }
        // The screen changes every 150 ms and is done within one link time of the nominal end.
        let last = sink.onScreen.last! - start
        #expect(last >= .milliseconds(4800) && last <= .milliseconds(4800 + 150), "last frame on screen at \(last)")
        #expect(sink.presentations.count >= 30)
        // Each frame sent is the one due then, never one already over (the final one excepted).
        for (number, presentation) in zip(sink.frameNumbers, sink.presentations) where number < 119 {
            #expect(presentation.time - start >= .milliseconds(40 * number))
            #expect(presentation.time - start < .milliseconds(40 * (number + 1)))
        }
        #expect(sink.frameNumbers.last == 119)
        #expect(player.statistics.framesShown + player.statistics.framesSkipped == 120)
    }

    @Test func theNextFrameDecodesWhileTheCurrentOneIsWritten() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 6, durations: [.milliseconds(40)], totalPlays: 1)
        // A handshake that only two threads can complete: decoding frame k + 1 waits until
        // writing frame k has begun, and writing frame k waits until decoding frame k + 1 has
        // begun (each at most 10 s). On one thread, one of them would run out of time.
        let decodeStarted = (0..<6).map { _ in DispatchSemaphoreLike() }
        let writeStarted = (0..<6).map { _ in DispatchSemaphoreLike() }
        let decodesThatSawTheirWrite = Counter()
        source.onDecode = { index in
            decodeStarted[index].signal()
            if index > 0, writeStarted[index - 1].wait(timeoutSeconds: 10) { decodesThatSawTheirWrite.increment() }
        }
        let (player, sink, _) = player([source], clock: clock, settings: PlayerSettings(decodesOnThread: true))
        var writesThatSawTheirDecode = 0
        sink.onPresent = { index in
            writeStarted[index].signal()
            if index < 5, decodeStarted[index + 1].wait(timeoutSeconds: 10) { writesThatSawTheirDecode += 1 }
        }
        #expect(player.run() == .finished)
        #expect(
            writesThatSawTheirDecode == 5 && decodesThatSawTheirWrite.value == 5,
            "frames 2–6 decoded while 1–5 were written")
        #expect(sink.frameNumbers == [0, 1, 2, 3, 4, 5])
    }

    @Test func aFirstFrameDecodedEarlyStartsOnItsOwnThreadAndPlaysAsAnyOther() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 4, durations: [.milliseconds(40)], totalPlays: 2)
        // The first decode waits for this thread to go on past EarlyFirstFrame's init: only a
        // decode on another thread sees the signal in time.
        let decoding = DispatchSemaphoreLike(), mayFinish = DispatchSemaphoreLike()
        let decodesThatWaited = Counter()
        source.onDecode = { index in
            guard index == 0 else { return }
            decoding.signal()
            if mayFinish.wait(timeoutSeconds: 10) { decodesThatWaited.increment() }
        }
        let early = EarlyFirstFrame(source)
        #expect(decoding.wait(timeoutSeconds: 10), "the first frame started decoding before it was asked for")
        mayFinish.signal()
        let (player, sink, _) = player([early], clock: clock)
        #expect(player.run() == .finished)
        #expect(decodesThatWaited.value == 1)
        #expect(sink.frameNumbers == [0, 1, 2, 3, 0, 1, 2, 3], "both passes, the first frame once each")
        // The second pass plays from the cache: each frame was decoded once, the first early.
        #expect(source.decodes == 4, "\(source.decodes) decodes")
    }

    /// Once the first frame is handed over, its thread is up for the first picture's bands
    /// (on more than one processor): a job given to it runs on it.
    @Test func theFirstFramesThreadStandsByOnceItIsDecoded() throws {
        guard ProcessorCount.online > 1 else { return }
        let standby = StandbyThread()
        let early = EarlyFirstFrame(
            SyntheticSource(frames: 2, durations: [.milliseconds(40)], totalPlays: 1), standby: standby,
            standing: .seconds(10))
        #expect(try early.nextFrame() != nil)
        let ran = Counter()
        let claim = standby.claim { ran.increment() }
        #expect(claim != nil, "offered before the frame was handed over")
        claim?.wait()
        #expect(ran.value == 1)
    }

    /// The early frame, once handed over, is the player's alone: nothing of EarlyFirstFrame
    /// keeps its pixels (a sequence's first frame can be 6 MB).
    @Test func theEarlyFrameIsNotKeptOnceHandedOver() throws {
        let early = EarlyFirstFrame(
            SyntheticSource(frames: 2, durations: [.milliseconds(40)], totalPlays: 1), standby: StandbyThread(),
            standing: .zero)
        var frame = try #require(try early.nextFrame())
        let before = frame.image.pixels.withUnsafeBufferPointer { $0.baseAddress }
        // A write copies the pixels first when another reference to them is held.
        frame.image.pixels[0] = RGBA(r: 9, g: 9, b: 9)
        let after = frame.image.pixels.withUnsafeBufferPointer { $0.baseAddress }
        #expect(before == after)
    }

    /// A first frame still being drawn is worked out by the sink behind its decoder, and the
    /// frame, once decoded, is prepared as unchanged from that picture; a sink that does not
    /// take it prepares the frame as it comes. Later frames and passes play as before.
    @Test(arguments: [true, false])
    func aGrowingFirstFrameIsPreparedBehindItsDecoder(sinkTakesIt: Bool) {
        let clock = ManualClock()
        let source = GrowingSource(SyntheticSource(frames: 3, durations: [.milliseconds(40)], totalPlays: 2))
        let (player, sink, _) = player([source], clock: clock)
        sink.takesGrowingFrames = sinkTakesIt
        #expect(player.run() == .finished)
        #expect(sink.frameNumbers == [0, 1, 2, 0, 1, 2])
        #expect(sink.growingPrepared == (sinkTakesIt ? [source.canvas.serial] : []))
        let first = sink.prepared.first?.change
        #expect(first == (sinkTakesIt ? CanvasChange(since: source.canvas.serial, rect: .empty) : nil))
        #expect(sink.prepared.dropFirst().allSatisfy { $0.change?.since != source.canvas.serial })
    }

    /// A source whose first frame is offered as drawn elsewhere (already finished here).
    private final class GrowingSource: FrameSource {
        let inner: SyntheticSource
        let canvas = GrowingCanvas()
        private var pixels = [RGBA](repeating: .transparent, count: 1)
        private var taken = false

        init(_ inner: SyntheticSource) {
            self.inner = inner
            pixels.withUnsafeBufferPointer { canvas.begin(pixels: $0.baseAddress!, width: 1, height: 1) }
            canvas.finish()
        }

        var name: String { inner.name }
        var frameCount: Int? { inner.frameCount }
        var totalPlays: Int? { inner.totalPlays }
        var growingFrame: GrowingCanvas? { taken ? nil : canvas }
        func nextFrame() throws(DecodeError) -> Frame? {
            taken = true
            return try inner.nextFrame()
        }
        func rewind() throws(DecodeError) { try inner.rewind() }
    }

    @Test func aFirstFrameThatFailsEarlyFailsWhenAskedFor() {
        let early = EarlyFirstFrame(PlayerGalleryTests.FailingSource())
        #expect(throws: DecodeError.corrupt(format: .gif, detail: "bad block")) { try early.nextFrame() }
    }

    @Test func pauseAndResumeAddThePausedTime() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 120, durations: [.milliseconds(40)], totalPlays: 1)
        let (player, sink, _) = player(
            [source], clock: clock, script: [(.seconds(1), .key(.pauseResume)), (.seconds(2), .key(.pauseResume))])
        let start = clock.now()
        #expect(player.run() == .finished)
        #expect(clock.now() - start == .milliseconds(5800))
        #expect(player.statistics.framesSkipped == 0)
        let shown = firstShown(sink)
        #expect(shown[24]! - start == .milliseconds(960))  // before the pause: on time
        #expect(shown[26]! - start == .milliseconds(2040))  // after it: one second later, no burst
        #expect(sink.presentations.contains { $0.status?.contains("paused") == true })
    }

    @Test func speedChangesRebaseTheSchedule() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 100, durations: [.milliseconds(40)], totalPlays: 1)
        // 2 s at normal speed (50 frames), then ×2: the other 2 s of media take 1 s.
        let (player, sink, _) = player([source], clock: clock, script: [(.seconds(2), .key(.faster))])
        let start = clock.now()
        _ = player.run()
        #expect(clock.now() - start == .seconds(3))
        let shown = firstShown(sink)
        #expect(shown[60]! - start == .milliseconds(2200))
        #expect(player.statistics.framesSkipped == 0)
        #expect(sink.presentations.last?.status?.contains("×2") == true)
    }

    @Test func speedStaysBetweenOneSixteenthAndSixteen() {
        var schedule = FrameSchedule()
        schedule.start(at: .zero)
        for _ in 0..<10 { schedule.setSpeed(schedule.speed * 2, at: .zero) }
        #expect(schedule.speed == 16)
        for _ in 0..<20 { schedule.setSpeed(schedule.speed / 2, at: .zero) }
        #expect(schedule.speed == 1.0 / 16)
    }

    @Test(arguments: [false, true])
    func stepForwardAndBackWhilePaused(decodesOnThread: Bool) {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 10, durations: [.milliseconds(100)], totalPlays: 1)
        let script: [(Duration, PlayerEvent)] = [
            (.milliseconds(250), .key(.pauseResume)),  // paused on frame 2
            (.milliseconds(300), .key(.stepForward)),  // 3
            (.milliseconds(310), .key(.stepForward)),  // 4
            (.milliseconds(320), .key(.stepBack)),  // 3
            (.milliseconds(330), .key(.stepBack)),  // 2
            (.seconds(100), .key(.quit)),
        ]
        let (player, sink, _) = player([source], clock: clock, script: script, decodesOnThread: decodesOnThread)
        #expect(player.run() == .quit)
        let afterPause = Array(sink.frameNumbers.drop { $0 != 2 }.drop { $0 == 2 })
        #expect(afterPause == [3, 4, 3, 2])
        #expect(source.rewinds >= 2)  // stepping back re-decodes from the start
    }

    @Test func startPausedWaitsForSpace() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 10, durations: [.milliseconds(100)], totalPlays: 1)
        let (player, sink, _) = player(
            [source], clock: clock, script: [(.seconds(5), .key(.pauseResume))],
            settings: PlayerSettings(startPaused: true))
        let start = clock.now()
        #expect(player.run() == .finished)
        #expect(clock.now() - start == .seconds(6))
        #expect(sink.presentations.first?.status?.contains("paused") == true)
        #expect(Set(sink.frameNumbers) == Set(0..<10))
    }

    /// A GIF states no frame count; started paused, its status still says how many frames it
    /// has (a walk over its blocks), not `1/?`.
    @Test func startPausedShowsAGIFsFrameCount() throws {
        let clock = ManualClock()
        let image = try AnimatedImage.open(path: RepositoryPaths.sample("demo-ball.gif"))
        let (player, sink, _) = player(
            [image], clock: clock, script: [(.seconds(1), .key(.quit))], settings: PlayerSettings(startPaused: true))
        #expect(player.run() == .quit)
        let count = try #require(image.frameCount ?? image.expectedFrameCount)
        #expect(count > 1)
        let status = try #require(sink.presentations.first?.status)
        #expect(status.contains("frame 1/\(count) "), "\(status)")
    }

    @Test func loopCountsFromTheFileAndFromTheCommandLine() {
        let clock = ManualClock()
        let three = SyntheticSource(frames: 5, durations: [.milliseconds(50)], totalPlays: 3)
        let (player, sink, _) = player([three], clock: clock)
        let start = clock.now()
        #expect(player.run() == .finished)
        #expect(sink.frameNumbers == Array(0..<5) + Array(0..<5) + Array(0..<5))
        #expect(player.statistics.loopsDone == 3)
        #expect(clock.now() - start == .milliseconds(750))

        let overridden = SyntheticSource(frames: 5, durations: [.milliseconds(50)], totalPlays: 3)
        let (second, secondSink, _) = self.player([overridden], clock: clock, settings: PlayerSettings(loops: 2))
        _ = second.run()
        #expect(secondSink.frameNumbers.count == 10)
    }

    @Test func aLoopThatFitsTheCachePlaysAgainWithoutDecoding() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 5, durations: [.milliseconds(50)], totalPlays: 4)
        // Five prepared frames and one 1x1 canvas.
        let (player, sink, _) = player([source], clock: clock, settings: PlayerSettings(cacheBytes: 5 * 1000 + 4))
        #expect(player.run() == .finished)
        #expect(sink.frameNumbers == Array(repeating: Array(0..<5), count: 4).flatMap { $0 })
        #expect(source.decodes == 5)  // the first loop only
        #expect(sink.preparations == 5)
        #expect(source.rewinds == 0)
    }

    @Test func aLoopTooBigForTheCacheKeepsItsFirstFramesWithoutThrashing() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 10, durations: [.milliseconds(50)], totalPlays: 3)
        let (player, sink, _) = player([source], clock: clock, settings: PlayerSettings(cacheBytes: 4 * 1000 + 4))
        #expect(player.run() == .finished)
        #expect(sink.frameNumbers.count == 30)
        #expect(source.decodes == 30)  // compositing needs every frame decoded
        #expect(sink.preparations == 10 + 6 + 6)  // frames 0–3 stay prepared
    }

    /// Frames are kept only when they can be shown again: on the last pass of a lone file a
    /// step back prepares its frame and the one decoded ahead anew; with another pass to come,
    /// it finds both kept.
    @Test(arguments: [(1, 2), (2, 0)])
    func onlyFramesThatCanBeShownAgainAreKept(plays: Int, preparedAgain: Int) {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 5, durations: [.milliseconds(100)], totalPlays: plays)
        let script: [(Duration, PlayerEvent)] = [
            (.milliseconds(250), .key(.pauseResume)),  // paused on frame 2
            (.milliseconds(300), .key(.stepBack)),  // 1
            (.milliseconds(400), .key(.quit)),
        ]
        let (player, sink, _) = player([source], clock: clock, script: script)
        #expect(player.run() == .quit)
        #expect(sink.frameNumbers.suffix(2) == [2, 1])
        // Frames 0-2, plus the decode-ahead's frame 3, were prepared before the step back.
        #expect(sink.preparations == 4 + preparedAgain)
    }

    @Test func comingBackToACachedFileDecodesNothing() {
        let clock = ManualClock()
        let a = SyntheticSource(name: "a", frames: 3, durations: [.milliseconds(50)], totalPlays: nil)
        let b = SyntheticSource(name: "b", frames: 3, durations: [.milliseconds(50)], totalPlays: nil)
        let script: [(Duration, PlayerEvent)] = [
            (.milliseconds(400), .key(.nextFile)), (.milliseconds(600), .key(.previousFile)),
            (.milliseconds(900), .key(.quit)),
        ]
        let (player, _, _) = player([a, b], clock: clock, script: script)
        #expect(player.run() == .quit)
        #expect(a.decodes == 3)  // one pass, then always from the cache
    }

    @Test(arguments: [false, true])
    func resizeWhilePlayingFromTheCacheRedecodesToTheSameFrame(decodesOnThread: Bool) {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 4, durations: [.milliseconds(100)], totalPlays: nil)
        let script: [(Duration, PlayerEvent)] = [(.milliseconds(650), .resize), (.milliseconds(1000), .key(.quit))]
        let (player, sink, _) = player([source], clock: clock, script: script, decodesOnThread: decodesOnThread)
        #expect(player.run() == .quit)
        // 650 ms: frame 2 of the second loop, from the cache; the resize redraws frame 2.
        let around = sink.presentations.filter { $0.time - (sink.presentations.first!.time) >= .milliseconds(600) }
        #expect(around.prefix(2).map { SyntheticSource.frameNumber(of: $0.image) } == [2, 2])
        #expect(sink.frameNumbers.suffix(3) == [3, 0, 1])  // and playing goes on in step
    }

    @Test(arguments: [false, true])
    func resizeWithALargeCanvasShowsTheNextFrameInsteadOfDecodingFromTheStart(decodesOnThread: Bool) {
        let clock = ManualClock()
        // 60 frames of 40 ms, canvases too large to keep, 25 ms to decode each: re-decoding up to
        // frame 30 would take 0.75 s, over the budget.
        let source = SyntheticSource(frames: 60, durations: [.milliseconds(40)], totalPlays: 1, width: 400, height: 300)
        source.onDecode = { _ in clock.advance(by: .milliseconds(25)) }
        let script: [(Duration, PlayerEvent)] = [(.milliseconds(1200), .resize), (.milliseconds(1600), .key(.quit))]
        let (player, sink, _) = player([source], clock: clock, script: script, decodesOnThread: decodesOnThread)
        let start = clock.now()
        #expect(player.run() == .quit)
        #expect(source.rewinds == 0)
        #expect(source.decodes <= 45)  // one pass up to 1.6 s, not 30 more frames
        // Right after the resize, a later frame is on screen, and playing goes on in order.
        let before = sink.presentations.filter { $0.time - start < .milliseconds(1200) }.last!
        let after = sink.presentations.first { $0.time - start >= .milliseconds(1200) }!
        // At most three decodes after it: the decode-ahead running on its thread when the resize
        // came (its 25 ms may land after the clock jumped to the resize), the frame decoded for
        // the new layout, and one frame that went stale meanwhile, skipped. Which of them the
        // clock sees depends on the threads' order; decoding again up to frame 30 would be 750 ms.
        #expect(after.time - start <= .milliseconds(1200 + 3 * 25))
        let numbers = sink.frameNumbers
        #expect(SyntheticSource.frameNumber(of: after.image) > SyntheticSource.frameNumber(of: before.image))
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Inline, a still prints and playing goes on at once; elsewhere it shows for its duration.
    @Test(arguments: [false, true])
    func aStillEndsAtOnceWhenAskedTo(decodesOnThread: Bool) {
        for atOnce in [false, true] {
            let clock = ManualClock()
            let still = SyntheticSource(frames: 1, durations: [.milliseconds(500)], totalPlays: 1)
            let next = SyntheticSource(frames: 2, durations: [.milliseconds(40)], totalPlays: 1)
            var settings = PlayerSettings()
            settings.stillsEndAtOnce = atOnce
            let (player, sink, _) = player(
                [still, next], clock: clock, settings: settings, decodesOnThread: decodesOnThread)
            #expect(player.run() == .finished)
            // The next file's first frame: at once, or after the still's 500 ms.
            let gap = sink.presentations[1].time - sink.presentations[0].time
            #expect(atOnce ? gap == .zero : gap == .milliseconds(500), "at once: \(atOnce)")
        }
    }

    /// i hides the status line: the frame on screen is fitted again to the taller area (its
    /// tile takes the status row), and so is every frame after it.
    @Test func togglingTheStatusLineRefitsTheFrames() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 10, durations: [.milliseconds(100)], totalPlays: 1)
        let script: [(Duration, PlayerEvent)] = [
            (.milliseconds(250), .key(.toggleStatus)), (.milliseconds(600), .key(.quit)),
        ]
        let (player, sink, _) = player([source], clock: clock, script: script, decodesOnThread: false)
        #expect(player.run() == .quit)
        let start = sink.presentations.first!.time
        let split = sink.presentations.firstIndex { $0.time - start >= .milliseconds(250) }!
        #expect(sink.presentations[..<split].allSatisfy { $0.status != nil })
        #expect(sink.presentations[split...].allSatisfy { $0.status == nil })
        // Frames 0–3 prepared for 23 rows (2 on screen, 3 ahead), then 2 and 3 again for 24.
        let rows = sink.preparedTiles.map(\.pictureRows)
        #expect(rows.prefix(4) == [23, 23, 23, 23] && rows.dropFirst(4).allSatisfy { $0 == 24 })
        #expect(sink.frameNumbers[split] == 2)
    }

    @Test func resizeWithACheapRedecodeRedrawsTheSameFrame() {
        let clock = ManualClock()
        // Same canvases, decoding for free: the frame on screen is decoded again and redrawn.
        let source = SyntheticSource(frames: 60, durations: [.milliseconds(40)], totalPlays: 1, width: 400, height: 300)
        let script: [(Duration, PlayerEvent)] = [(.milliseconds(1210), .resize), (.milliseconds(1600), .key(.quit))]
        let (player, sink, _) = player([source], clock: clock, script: script)
        let start = clock.now()
        #expect(player.run() == .quit)
        #expect(source.rewinds == 1)
        let around = sink.presentations.filter { $0.time - start >= .milliseconds(1200) }
        #expect(around.prefix(2).map { SyntheticSource.frameNumber(of: $0.image) } == [30, 30])
    }

    @Test func foreverStopsAtTheTimeLimit() {
        let clock = ManualClock()
        let forever = SyntheticSource(frames: 5, durations: [.milliseconds(100)], totalPlays: nil)
        let (player, _, _) = player([forever], clock: clock, settings: PlayerSettings(timeLimit: .seconds(3)))
        let start = clock.now()
        #expect(player.run() == .finished)
        #expect(clock.now() - start == .seconds(3))
        #expect(player.statistics.loopsDone == 6)  // 3 s of 0.5 s loops
    }

    @Test func theHundredMillisecondRuleHoldsInPlaying() throws {
        // gif-delays-no-loop.gif: delays of 0, 1, 2 and 50 centiseconds.
        let path = RepositoryPaths.sample("gif-delays-no-loop.gif")
        let image = try AnimatedImage.open(path: path)
        let clock = ManualClock()
        let (player, sink, _) = player([image], clock: clock)
        let start = clock.now()
        #expect(player.run() == .finished)
        #expect(
            sink.presentations.map { $0.time - start } == [
                .zero, .milliseconds(100), .milliseconds(200), .milliseconds(220),
            ])
        #expect(clock.now() - start == .milliseconds(720))
    }

    @Test func quitAndSignalsEndAtOnce() {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 100, durations: [.milliseconds(40)], totalPlays: nil)
        let (quitting, _, _) = player([source], clock: clock, script: [(.milliseconds(500), .key(.quit))])
        let start = clock.now()
        #expect(quitting.run() == .quit)
        #expect(clock.now() - start == .milliseconds(500))
        let (terminated, _, _) = player([source], clock: clock, script: [(.milliseconds(10), .terminate(signal: 15))])
        #expect(terminated.run() == .interrupted(signal: 15))
        let (interrupted, _, _) = player([source], clock: clock, script: [(.milliseconds(10), .key(.interrupt))])
        #expect(interrupted.run() == .interrupted(signal: 2))
    }

    @Test(arguments: [false, true])
    func filesPlayInTurnAndNPSwitch(decodesOnThread: Bool) {
        let clock = ManualClock()
        let a = SyntheticSource(name: "a", frames: 3, durations: [.milliseconds(10)].map { $0 * 5 }, totalPlays: 1)
        let b = SyntheticSource(name: "b", frames: 2, durations: [.milliseconds(50)], totalPlays: 1)
        let (player, sink, _) = player([a, b], clock: clock, decodesOnThread: decodesOnThread)
        #expect(player.run() == .finished)
        #expect(sink.frameNumbers == [0, 1, 2, 0, 1])
        #expect(sink.presentations.last?.status?.hasPrefix("b") == true)

        let c = SyntheticSource(name: "c", frames: 50, durations: [.milliseconds(50)], totalPlays: nil)
        let d = SyntheticSource(name: "d", frames: 50, durations: [.milliseconds(50)], totalPlays: nil)
        let script: [(Duration, PlayerEvent)] = [
            (.milliseconds(120), .key(.nextFile)), (.milliseconds(240), .key(.previousFile)),
            (.milliseconds(300), .key(.quit)),
        ]
        let (switching, switchingSink, _) = self.player([c, d], clock: clock, script: script)
        #expect(switching.run() == .quit)
        let names = switchingSink.presentations.compactMap { $0.status?.split(separator: " ").first.map(String.init) }
        #expect(names.first == "c" && names.contains("d") && names.last == "c")
    }

    @Test(arguments: [false, true])
    func resizeAndSuspendRedrawWithoutLosingTime(decodesOnThread: Bool) {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 100, durations: [.milliseconds(40)], totalPlays: 1)
        let script: [(Duration, PlayerEvent)] = [(.milliseconds(500), .resize), (.seconds(1), .suspend)]
        let (player, sink, _) = player([source], clock: clock, script: script, decodesOnThread: decodesOnThread)
        let start = clock.now()
        _ = player.run()
        #expect(sink.refreshes == 2)
        #expect(sink.suspensions == 1)
        // The 5 s stopped do not count: playing resumes where it was, no frames skipped.
        #expect(clock.now() - start == .seconds(9))
        #expect(player.statistics.framesSkipped == 0)
    }

    @Test(arguments: [false, true])
    func aFailedWriteStopsPlaying(decodesOnThread: Bool) {
        let clock = ManualClock()
        // Forever, and paused after a while: only the failure can end it.
        let source = SyntheticSource(frames: 10, durations: [.milliseconds(40)], totalPlays: nil)
        let (player, sink, _) = player(
            [source], clock: clock, script: [(.milliseconds(150), .key(.pauseResume))], decodesOnThread: decodesOnThread
        )
        sink.failsFromPresent = 3
        let start = clock.now()
        #expect(player.run() == .outputFailed(WriteError(code: 28)))
        // The failing present is the last one: nothing more is drawn into a dead output.
        #expect(sink.presentations.count == 4)
        #expect(clock.now() - start < .milliseconds(200))
    }

    /// Frames the sink never prepared (skipped when late) hand their changes on: each prepared
    /// frame's change is measured from the frame prepared before it, and covers every column
    /// drawn since.
    @Test(arguments: [false, true])
    func skippedFramesHandTheirChangesOn(decodesOnThread: Bool) {
        let clock = ManualClock()
        let source = SyntheticSource(frames: 60, durations: [.milliseconds(40)], totalPlays: 1, width: 64, height: 1)
        source.numbersFrames = true
        let (player, sink, _) = player(
            [source], clock: clock, cost: { _ in .milliseconds(100) },
            settings: PlayerSettings(decodesOnThread: decodesOnThread))
        #expect(player.run() == .finished)
        #expect(player.statistics.framesSkipped > 20)
        var partial = 0
        for (previous, next) in zip(sink.prepared, sink.prepared.dropFirst()) {
            guard let change = next.change else { continue }
            // Either measured from what was prepared last, or not usable (then drawn whole).
            guard change.since == previous.serial else { continue }
            partial += 1
            let frames = Int(next.serial - previous.serial)
            #expect(change.rect.width >= frames, "\(change.rect) covers \(frames) frames' columns")
        }
        #expect(partial >= sink.prepared.count - 2)
    }

    @Test func statusLineSaysWhereWeAre() {
        let status = PlaybackStatus(
            name: "/home/me/cat.gif", frame: 12, frameCount: 120, delay: .milliseconds(40), speed: 0.5, paused: true,
            framesPerSecond: 24.6, skipped: 3)
        #expect(status.text(width: 200) == "/home/me/cat.gif  frame 12/120  40 ms  ×1/2  25 fps  skipped 3  paused")
        #expect(status.text(width: 60).description.count <= 60)
        #expect(status.text(width: 60).description.hasPrefix("…"))
        #expect(status.text(width: 20).description.count == 20)
        var unknown = status
        unknown.frameCount = nil
        #expect(unknown.text(width: 200).description.contains("frame 12/?"))
    }
}
