import Decode

/// One picture's place in time: the file it plays (`FrameFeed`), its schedule on the monotonic
/// clock, the frame on screen and the one due next. Full screen plays one timeline, a gallery
/// one per tile; the player drives them all from one loop and one clock.
///
/// The next frame is decoded and prepared as soon as the current one is taken: on `worker` while
/// the current one is written (then nothing the job touches is used until `collectAhead`), or in
/// line right after the write.
final class Timeline<Sink: FrameSink> {
    typealias Slot = FrameSlot<Sink.Prepared>

    let feed: FrameFeed<Sink>
    var schedule = FrameSchedule()
    private(set) var current: Slot?
    private(set) var pending: Slot?
    /// What was shown, skipped, and how late.
    var counts = PlaybackStatistics()
    /// Gallery tiles measure their loops on screen against their nominal length.
    var measuresLoops = false
    /// Loops on screen over their nominal length so far (with `measuresLoops`).
    private(set) var loopRatio: Double?
    /// When the measured loops began on screen (moved on by pauses).
    var loopShownAt: Duration?
    /// The file playing now fell behind its time (`fallsBehindAfter`): said in the status line.
    private(set) var isBehind = false
    /// A frame this late has fallen behind for good: catching up (passing over what is stale,
    /// undecoded where the source can) keeps a file that decodes fast enough within about a
    /// frame's decoding; only one whose every frame needs the one before and decodes slower
    /// than it plays gets later with each frame.
    static var fallsBehindAfter: Duration { .milliseconds(500) }

    private let sink: Sink
    private let clock: any PlaybackClock
    private let worker: BackgroundWorker?
    /// What the decode-ahead job produced, until `collectAhead` makes it `pending`.
    private var ahead: Slot?
    /// A frame was taken and the one after it is not being decoded yet.
    private var nextWanted = false

    init(feed: FrameFeed<Sink>, sink: Sink, clock: any PlaybackClock, worker: BackgroundWorker?) {
        self.feed = feed
        self.sink = sink
        self.clock = clock
        self.worker = worker
    }

    var source: any FrameSource { feed.source }
    var isDecodingAhead: Bool { worker?.isBusy == true }

    /// Starts file `index` from its first frame, decoded as the pending one (`takePending` shows
    /// it; the schedule starts then). False when the file has no frame or failed.
    func begin(fileAt index: Int, rewinding: Bool = false) -> Bool {
        collectAhead()
        current = nil
        pending = nil
        nextWanted = false
        loopRatio = nil
        isBehind = false
        do {
            try feed.begin(fileAt: index, rewinding: rewinding)
            pending = try feed.decodeNext(wrap: false)
            return pending != nil
        } catch {
            feed.fail(error)
            return false
        }
    }

    /// Why its file stopped playing, if it did (a gallery's tile shows it in its caption).
    var failure: DecodeError? { feed.failure }

    // MARK: deadlines

    /// What a timeline asks of the player's wait.
    enum Wake {
        /// Look again at once: one stale frame was skipped while the sink was busy.
        case again
        case at(Duration)
        /// Nothing to wait for: paused, a still, or its file failed.
        case never
    }

    /// When this timeline next needs the player. `endsFiles`: full screen, where the end of the
    /// last frame's time ends the file.
    func wake(now: Duration, endsFiles: Bool) -> Wake {
        if isDecodingAhead, let current {
            // The next frame starts where this one ends; it is still being decoded.
            return schedule.wallTime(for: current.mediaEnd).map(Wake.at) ?? .never
        }
        if let start = pending?.mediaStart, let end = pending?.mediaEnd {
            // (Times only: a local copy of the slot would keep its canvas alive while a stale
            // frame is skipped.)
            if let held = heldBack(start: start, end: end, now: now) { return held == .zero ? .again : .at(held) }
            return schedule.wallTime(for: start).map(Wake.at) ?? .never
        }
        if endsFiles, let current { return schedule.wallTime(for: current.mediaEnd).map(Wake.at) ?? .never }
        return .never
    }

    /// Whether the pending frame is due at `now`.
    func isDue(at now: Duration) -> Bool {
        guard let start = pending?.mediaStart, let due = schedule.wallTime(for: start) else { return false }
        return now >= due
    }

    /// When the pending frame is due but the sink is still showing earlier ones (a slow link):
    /// when to look again (the sink's time, or when the frame goes stale), or zero after
    /// decoding one stale frame, so catching up is spread over the wait. Nil: not held back.
    /// Takes the pending frame's times, not the slot: a copy of it would keep its canvas alive
    /// while the next one is decoded.
    private func heldBack(start: Duration, end: Duration, now: Duration) -> Duration? {
        guard !schedule.isPaused, let due = schedule.wallTime(for: start), now >= due,
            let retry = sink.readiness(at: now)
        else { return nil }
        guard end <= schedule.media(at: now) else {
            return min(retry, schedule.wallTime(for: end) ?? retry)
        }
        return skipPending(mediaNow: schedule.media(at: now)) ? .zero : retry  // the last frame waits
    }

    /// Replaces the pending frame, whose time is over, by the next one (decoded, not drawn:
    /// compositing needs it). False when there is none: the last frame is still shown.
    private func skipPending(mediaNow: Duration) -> Bool {
        // Its canvas, held while the next is drawn, would be copied (8 MB for 1080p): let go of
        // it when another frame surely follows; one that may be the last is kept, to be shown.
        if source.hasMoreFrames { pending?.letGoOfLargeCanvas() }
        // Frames after it that are stale too are passed over undecoded where the source can.
        if let estimate = pending?.duration {
            counts.framesSkipped += feed.skipUndecoded(endingBy: mediaNow, estimate: estimate)
        }
        guard var next = feed.decodeNextQuietly() else { return false }
        // The sink never saw the skipped frame: the next one changes what it changed too.
        pending?.handChange(on: &next)
        counts.framesSkipped += 1
        pending = next
        return true
    }

    // MARK: showing

    /// The pending frame's deadline has come: skips what is stale and takes the frame due now as
    /// the current one (the caller presents it, then calls `decodeAheadInLine`).
    func advance(now: Duration) {
        let mediaNow = schedule.media(at: now)
        while pending.map({ $0.mediaEnd <= mediaNow }) == true, skipPending(mediaNow: mediaNow) {}
        guard var slot = pending else { return }
        pending = nil
        if let due = schedule.wallTime(for: slot.mediaStart) {
            counts.lateness.append(max(0, (now - due).milliseconds))
            if now - due > Self.fallsBehindAfter {
                isBehind = true
                counts.fellBehind = true
            }
        }
        take(&slot)
    }

    /// Makes the pending frame (the file's first, from `begin`) the current one; the caller
    /// presents it and starts the schedule.
    func takePending() {
        guard var slot = pending else { return }
        pending = nil
        take(&slot)
    }

    /// Makes `slot` the current frame: the caller's own, prepared in place, so no copy of a large
    /// canvas is held while the decoder draws the next frame. The caller then decodes ahead
    /// (`decodeAheadOnWorker` before presenting, `decodeAheadInLine` after).
    private func take(_ slot: inout Slot) {
        feed.prepareIfNeeded(&slot)
        if measuresLoops, slot.index == 0 { loopBegins(mediaStart: slot.mediaStart) }
        current = slot
        counts.framesShown += 1
        nextWanted = true
    }

    /// Starts decoding the frame after the current one on the worker, if there is one: call
    /// once what is presented has been read from the source (the job uses it).
    func decodeAheadOnWorker() {
        if worker != nil, nextWanted { decodeAhead() }
    }

    /// After the current frame was presented: decodes the next one now when there is no worker.
    func decodeAheadInLine() {
        if worker == nil, nextWanted { decodeAhead() }
    }

    /// Starts decoding and preparing the frame after the current one, on the worker thread when
    /// there is one; `collectAhead` makes it `pending`.
    private func decodeAhead() {
        nextWanted = false
        collectAhead()
        // Let go of the old slot first: a canvas still held would be copied by the decoder.
        pending = nil
        // Already late (the current frame took long to reach the screen, or frames decode
        // slower than they play): frames whose time will be over by the time the next one is
        // decoded are passed over cheaply where the source can (numbered files unopened, video
        // frames unconverted, JPEG XL frames that stand alone), so the frame decoded is the one
        // due then, not one already stale. Not after a file's or page's first frame: its
        // schedule starts once that frame is shown.
        if !schedule.isPaused, let current, current.index > 0 {
            counts.framesSkipped += feed.skipUndecoded(
                endingBy: schedule.media(at: clock.now() + feed.meanDecodeTime), estimate: current.duration)
        }
        guard let worker else {
            pending = feed.decodeAndPrepareNext()
            return
        }
        worker.start { [unowned self] in
            self.ahead = self.feed.decodeAndPrepareNext()
        }
    }

    /// Waits for the decode-ahead job, if one runs, and takes its frame as `pending`. Call
    /// before anything the job touches.
    func collectAhead() {
        guard let worker, worker.isBusy else { return }
        worker.wait()
        pending = ahead
        ahead = nil
    }

    /// The first frame of a loop is on screen: the loops so far took this long on screen against
    /// their media length.
    private func loopBegins(mediaStart: Duration) {
        guard let first = loopShownAt, mediaStart > .zero else { return }
        let shown = max(clock.now(), schedule.wallTime(for: mediaStart) ?? clock.now())
        loopRatio = (shown - first) / mediaStart
    }

    // MARK: moving about

    /// The pending frame, taken now (a step forward while paused); false when there is none.
    func stepForward(at now: Duration) -> Bool {
        guard var slot = pending else { return false }
        pending = nil
        take(&slot)
        schedule.seek(to: slot.mediaStart, at: now)
        return true
    }

    /// The frame before the current one (the last from the first), decoded again from the
    /// file's start (or taken from the cache); false when there is none.
    func stepBack(at now: Duration) -> Bool {
        guard let current else { return false }
        var target = current.index - 1
        if target < 0 {
            guard let count = source.frameCount, count > 1 else { return false }
            target = count - 1
        }
        do {
            try feed.startPass(media: feed.loopMediaStart)
            var slot: Slot? = nil
            for _ in 0...target {
                slot = nil  // not held while the next one is drawn (copy-on-write)
                slot = try feed.decodeNext(wrap: false)
            }
            guard var slot else { return false }
            pending = nil
            take(&slot)
            schedule.seek(to: slot.mediaStart, at: now)
            return true
        } catch {
            feed.fail(error)
            return false
        }
    }

    /// Back to the file's first frame (taken; the caller presents it and starts the schedule).
    func restart() -> Bool {
        collectAhead()
        do {
            try feed.restart()
        } catch {
            feed.fail(error)
            return false
        }
        guard var first = feed.decodeNextQuietly() else { return false }
        pending = nil
        take(&first)
        return true
    }

    /// Re-fits the current and pending frames to the feed's new tile (after a resize or the
    /// status line toggled). A frame from the cache or whose canvas was let go is decoded again
    /// up to where it was — or, when that would take long, the frame after the pending one is
    /// taken instead (a frame or two early rather than seconds late). `playingFromCache`: the
    /// file was playing from the cache, so its decoder is not where the timeline is.
    func relayout(playingFromCache: Bool) {
        if let shown = current, shown.image == nil {
            if !playingFromCache, !feed.redecodeFitsBudget(upTo: shown.index), takeNextInNewLayout() { return }
            feed.resynchronize(to: &current!, next: &pending)
        }
        if current != nil {
            current!.prepared = nil
            feed.prepareIfNeeded(&current!)
        }
        if pending != nil {
            pending!.prepared = nil
            feed.prepareIfNeeded(&pending!)
        }
    }

    /// For `relayout`: the frame after the pending one (whose picture was made for the old
    /// layout) is decoded and taken now. False at the end of the file.
    private func takeNextInNewLayout() -> Bool {
        guard pending != nil else { return false }
        pending = nil
        guard var next = feed.decodeNextQuietly() else { return false }
        counts.framesSkipped += 1
        take(&next)
        if schedule.isPaused { schedule.seek(to: next.mediaStart, at: clock.now()) }
        return true
    }
}
