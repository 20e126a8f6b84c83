public import Decode

/// Plays files one after another on a frame sink, each frame for its own duration.
///
/// Deadlines come from `FrameSchedule` (absolute, from the moment the first frame is on screen,
/// so nothing drifts). The next frame is decoded and downsampled on a background thread while the
/// current one is written and shown (one frame ahead, no more); when the player falls behind,
/// frames whose time has passed are decoded (compositing needs them) but not drawn, and the one
/// due now is shown. It waits for deadlines in the event source (poll on the terminal and
/// signals), so keys act at once and idling costs no CPU.
///
/// Threads: while a decode-ahead job runs, the player's own thread only waits for events and
/// writes the current frame; everything the job touches (the source, the cache, the decode
/// bookkeeping, the sink's `prepare`) is used again only after `collectAhead`.
public final class Player<Sink: FrameSink> {
    /// What a run did (frames shown and skipped, time spent, bytes written).
    public var statistics: PlaybackStatistics {
        var merged = shownStatistics
        merged.decodeTime = decodeStatistics.decodeTime
        merged.renderTime += decodeStatistics.renderTime
        merged.loopsDone = decodeStatistics.loopsDone
        return merged
    }
    /// Kept by the player's thread: what was shown, skipped, written.
    private var shownStatistics = PlaybackStatistics()
    /// Kept by whoever decodes (the decode-ahead job, or the player's thread between jobs).
    private var decodeStatistics = PlaybackStatistics()
    /// Files that could not be played, with why.
    public private(set) var failures: [(name: String, error: DecodeError)] = []

    private let sources: [any FrameSource]
    private let clock: any PlaybackClock
    private let events: any PlayerEventSource
    private let sink: Sink
    private var settings: PlayerSettings
    private var schedule = FrameSchedule()
    private var runStart: Duration?

    /// A frame and where it sits on the media timeline. `image` is nil for a frame that came
    /// from the cache (not decoded).
    private struct Slot {
        var image: RGBAImage?
        var prepared: Sink.Prepared?
        /// The decoded frame's serial and what it changed (see `Frame`), so the sink redoes
        /// only that; `rendered`: the sink prepared it (it did not come from the cache).
        var serial: UInt64 = 0
        var change: CanvasChange?
        var rendered = false
        var index: Int
        var mediaStart: Duration
        var duration: Duration
        var mediaEnd: Duration { mediaStart + duration }

        /// Drops the canvas when it is too large to keep (see `largestKeptCanvas`).
        mutating func letGoOfLargeCanvas() {
            if let image, image.width * image.height > Player.largestKeptCanvas { self.image = nil }
        }
    }

    private var source: (any FrameSource)!
    private var current: Slot?
    private var pending: Slot?
    private var plays: Int?
    private var loopsDone = 0
    private var nextIndex = 0
    /// The last pass ended and no other follows: the end is counted once.
    private var passOver = false
    private var mediaCursor: Duration = .zero
    private var loopMediaStart: Duration = .zero
    private var recentPresents: [Duration] = []
    private var played: Set<Int> = []
    private var fileIndex = 0
    private var cache: FrameCache<Sink.Prepared>
    /// Files whose whole loop is in the cache: they play without decoding.
    private var cachedLoops: Set<Int> = []
    /// Decodes the next frame while the current one is written; nil: done in line.
    private let worker: BackgroundWorker?
    /// What the decode-ahead job produced, until `collectAhead` makes it `pending`.
    private var ahead: Slot?
    /// Frames decoded so far and the time they took (kept by whoever decodes).
    private var decodeCost: (frames: Int, time: Duration) = (0, .zero)

    private enum Transition {
        case next, previous, stop(PlayerOutcome)
    }

    public init(sources: [any FrameSource], clock: any PlaybackClock, events: any PlayerEventSource, sink: Sink, settings: PlayerSettings) {
        self.sources = sources
        self.clock = clock
        self.events = events
        self.sink = sink
        self.settings = settings
        self.cache = FrameCache(budget: settings.cacheBytes)
        self.worker = settings.decodesOnThread ? BackgroundWorker() : nil
    }

    public func run() -> PlayerOutcome {
        var index = 0
        var step = 1
        var outcome = PlayerOutcome.finished
        loop: while sources.indices.contains(index) {
            switch play(fileAt: index) {
            case .next: step = 1
            case .previous: step = -1
            case .stop(let result):
                outcome = result
                break loop
            }
            if index == 0 && step < 0 { step = 1; continue }  // p on the first file replays it
            index += step
        }
        if let runStart { shownStatistics.wall = clock.now() - runStart }
        shownStatistics.bytesWritten = sink.bytesWritten
        return outcome
    }

    // MARK: one file

    private func play(fileAt fileIndex: Int) -> Transition {
        self.fileIndex = fileIndex
        source = sources[fileIndex]
        current = nil
        pending = nil
        if played.contains(fileIndex) {
            do { try startPass(media: .zero) } catch { return fail(error) }
        } else {
            nextIndex = 0
            passOver = false
            mediaCursor = .zero
        }
        played.insert(fileIndex)
        loopsDone = 0
        loopMediaStart = .zero
        var first: Slot
        do {
            guard let decoded = try decodeNext(wrap: false) else { return .next }
            first = decoded
        } catch {
            return fail(error)
        }
        // A GIF's loop count is known once its first frame has been read.
        plays = settings.loops.map { $0 == 0 ? nil : $0 } ?? source.totalPlays
        let wasPaused = schedule.isPaused || (runStart == nil && settings.startPaused)
        if wasPaused { schedule.pause(at: clock.now()) }
        show(&first, decodingAhead: true)
        let now = clock.now()
        if runStart == nil { runStart = now }
        schedule.start(at: now)
        if wasPaused { schedule.pause(at: now) }

        while true {
            if let error = sink.outputError {
                collectAhead()
                return .stop(.outputFailed(error))
            }
            var deadline: Duration?
            if worker?.isBusy == true, let current {
                // The next frame starts where this one ends; it is still being decoded.
                deadline = schedule.wallTime(for: current.mediaEnd)
            } else if let start = pending?.mediaStart, let end = pending?.mediaEnd {
                // (Times only: a local copy of the slot would keep its canvas alive while a
                // stale frame is skipped.)
                deadline = schedule.wallTime(for: start)
                if let held = heldBack(start: start, end: end, now: clock.now()) {
                    if held == .zero { continue }  // caught up with one stale frame
                    deadline = held
                }
            } else if let current {
                deadline = schedule.wallTime(for: current.mediaEnd)
            }
            if let limit = settings.timeLimit, let runStart {
                deadline = min(deadline ?? runStart + limit, runStart + limit)
            }
            if let event = events.wait(until: deadline) {
                if event != .outputShown { collectAhead() }
                if let transition = handle(event) { return transition }
                continue
            }
            collectAhead()
            let now = clock.now()
            if let limit = settings.timeLimit, let runStart, now >= runStart + limit {
                return .stop(.finished)
            }
            guard !schedule.isPaused else { continue }
            guard pending != nil else { return .next }  // the last frame has had its time
            guard let due = schedule.wallTime(for: pending!.mediaStart), now >= due else { continue }
            guard sink.readiness(at: now) == nil else { continue }
            advance(now: now)
        }
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
        return skipPending() ? .zero : retry  // the last frame waits
    }

    /// Replaces the pending frame, whose time is over, by the next one (decoded, not drawn:
    /// compositing needs it). False when there is none: the last frame is still shown.
    private func skipPending() -> Bool {
        // Its canvas, held while the next is drawn, would be copied (8 MB for 1080p): let go of
        // it when another frame surely follows; one that may be the last is kept, to be shown.
        if source.hasMoreFrames { pending?.letGoOfLargeCanvas() }
        guard var next = decodeNextQuietly() else { return false }
        // The sink never saw the skipped frame: the next one changes what it changed too.
        if let skipped = pending, !skipped.rendered, let before = skipped.change, let after = next.change,
            after.since == skipped.serial
        {
            next.change = before.followed(by: after)
        }
        shownStatistics.framesSkipped += 1
        pending = next
        return true
    }

    /// The deadline of the pending frame has come: skip what is stale, show what is due.
    private func advance(now: Duration) {
        let mediaNow = schedule.media(at: now)
        while pending.map({ $0.mediaEnd <= mediaNow }) == true, skipPending() {}
        guard var slot = pending else { return }
        pending = nil
        if let due = schedule.wallTime(for: slot.mediaStart) {
            shownStatistics.lateness.append(max(0, (now - due).milliseconds))
        }
        show(&slot, decodingAhead: true)
    }

    /// Starts decoding and preparing the frame after the current one, on the worker thread when
    /// there is one; `collectAhead` makes it `pending`.
    private func decodeAhead() {
        collectAhead()
        // Let go of the old slot first: a canvas still held would be copied by the decoder.
        pending = nil
        guard let worker else {
            pending = decodeAndPrepareNext()
            return
        }
        worker.start { [unowned self] in
            self.ahead = self.decodeAndPrepareNext()
        }
    }

    private func decodeAndPrepareNext() -> Slot? {
        var slot = decodeNextQuietly()
        if slot != nil { prepareIfNeeded(&slot!) }
        return slot
    }

    /// Waits for the decode-ahead job, if one runs, and takes its frame as `pending`. Call
    /// before anything the job touches.
    private func collectAhead() {
        guard let worker, worker.isBusy else { return }
        worker.wait()
        pending = ahead
        ahead = nil
    }

    /// Canvases larger than this are not kept once downsampled: holding one makes the decoder
    /// copy it (copy-on-write) for the next frame — a memmove per frame, 3 % of playing a
    /// 480x270 GIF's CPU, and a 720p canvas is 3.7 MB. See `relayout` for what a resize does then.
    static var largestKeptCanvas: Int { 1 << 16 }

    /// A resize re-decodes the file up to the frame on screen only when that is expected to take
    /// this long at most; past it, the next frame is shown instead (a 1080p GIF takes 20 ms a
    /// frame: re-decoding up to frame 300 froze the screen and the keys for over 15 s).
    static var redecodeBudget: Duration { .milliseconds(300) }

    /// Downsamples a slot's frame unless the cache had it; keeps the result if it fits.
    private func prepareIfNeeded(_ slot: inout Slot) {
        if slot.prepared == nil, let image = slot.image {
            let prepared = prepare(image, serial: slot.serial, change: slot.change)
            slot.prepared = prepared
            slot.rendered = true
            cache.insert(
                file: fileIndex, frame: slot.index, prepared: prepared, duration: slot.duration,
                cost: sink.cost(of: prepared), reserve: image.width * image.height * 4)
        }
        slot.letGoOfLargeCanvas()
    }

    /// Puts `slot` on screen, and with `decodingAhead` decodes the next frame. `slot` is the
    /// caller's own, prepared in place: a large canvas is let go there too, so no copy of it is
    /// held while the decoder draws the next frame.
    private func show(_ slot: inout Slot, decodingAhead: Bool = false) {
        prepareIfNeeded(&slot)
        current = slot
        let status = statusText()
        // On the worker the next frame decodes while this one is written; in line, after it.
        if decodingAhead && worker != nil { decodeAhead() }
        present(status)
        if decodingAhead && worker == nil { decodeAhead() }
        shownStatistics.framesShown += 1
        let now = clock.now()
        recentPresents.append(now)
        recentPresents.removeAll { now - $0 > .seconds(1) }
    }

    private func present(_ status: PlaybackStatus?) {
        guard let current, let prepared = current.prepared else { return }
        let start = clock.now()
        sink.present(prepared, status: status)
        shownStatistics.renderTime += clock.now() - start
    }

    private func prepare(_ image: RGBAImage, serial: UInt64, change: CanvasChange?) -> Sink.Prepared {
        let start = clock.now()
        defer { decodeStatistics.renderTime += clock.now() - start }
        return sink.prepare(image, serial: serial, change: change, statusLine: settings.showStatus)
    }

    /// Re-fits what is on screen and what waits (after a resize or the status line toggled).
    /// Cached frames were made for the old layout: they go, and a file that was playing from the
    /// cache is decoded again up to where it was.
    private func relayout() {
        sink.refresh()
        let playingFromCache = cachedLoops.contains(fileIndex)
        cache.removeAll()
        cachedLoops.removeAll()
        if let shown = current, shown.image == nil {
            // No canvas to fit again. From the decoder (not the cache), when decoding up to the
            // frame again would take long, the next frame is shown now instead.
            if !playingFromCache, !redecodeFitsBudget(upTo: shown.index), showNextInNewLayout() { return }
            resynchronize(to: shown)
        }
        if current != nil {
            current!.prepared = nil
            prepareIfNeeded(&current!)
        }
        if pending != nil {
            pending!.prepared = nil
            prepareIfNeeded(&pending!)
        }
        present(statusText())
    }

    /// Whether decoding the file again up to frame `index` fits `redecodeBudget`, going by the
    /// decodes so far.
    private func redecodeFitsBudget(upTo index: Int) -> Bool {
        guard decodeCost.frames > 0 else { return true }
        return decodeCost.time / decodeCost.frames * (index + 1) <= Self.redecodeBudget
    }

    /// After a resize, for a frame whose canvas was let go: the frame after the pending one
    /// (whose picture was made for the old layout) is decoded and shown at once, a frame or two
    /// early rather than seconds late. False at the end of the file.
    private func showNextInNewLayout() -> Bool {
        guard pending != nil else { return false }
        pending = nil
        guard var next = decodeNextQuietly() else { return false }
        shownStatistics.framesSkipped += 1
        show(&next, decodingAhead: true)
        if schedule.isPaused { schedule.seek(to: next.mediaStart, at: clock.now()) }
        return true
    }

    /// Decodes the current file again up to `shown` (its frame number and place on the
    /// timeline), for frames that came from the cache or whose canvas was let go.
    private func resynchronize(to shown: Slot) {
        do {
            try startPass(media: shown.mediaStart)
            var frame: Frame? = nil
            for _ in 0...shown.index {
                frame = nil  // not held while the next one is drawn (copy-on-write)
                guard let next = try source.nextFrame() else { break }
                frame = next
            }
            nextIndex = shown.index + 1
            mediaCursor = shown.mediaEnd
            current?.image = frame?.image
            current?.serial = frame?.serial ?? 0
            current?.change = frame?.change
            current?.prepared = nil
            pending = decodeNextQuietly()
        } catch {
            failures.append((source.name, error))
        }
    }

    // MARK: decoding

    /// The next frame on the timeline, wrapping to the next loop when the file allows. From the
    /// cache when the whole loop is there, else decoded (with the cache's prepared frame, if any).
    private func decodeNext(wrap: Bool = true) throws(DecodeError) -> Slot? {
        let start = clock.now()
        defer { decodeStatistics.decodeTime += clock.now() - start }
        if let slot = try nextFrameSlot() { return slot }
        guard nextIndex > 0, !passOver else { return nil }
        loopsDone += 1
        decodeStatistics.loopsDone += 1
        if let count = source.frameCount, nextIndex == count, cache.holds(file: fileIndex, frames: count) {
            cachedLoops.insert(fileIndex)
        }
        guard wrap, plays.map({ loopsDone < $0 }) ?? true else {
            passOver = true
            return nil
        }
        loopMediaStart = mediaCursor
        try startPass(media: mediaCursor)
        return try nextFrameSlot()
    }

    /// Starts a pass over the file at media time `media`: from the cache when the whole loop is
    /// there, else from the decoder's first frame.
    private func startPass(media: Duration) throws(DecodeError) {
        if !cachedLoops.contains(fileIndex) { try source.rewind() }
        nextIndex = 0
        passOver = false
        mediaCursor = media
    }

    /// Frame `nextIndex` of the current pass, or nil at the end of it.
    private func nextFrameSlot() throws(DecodeError) -> Slot? {
        var slot: Slot
        if cachedLoops.contains(fileIndex) {
            guard let entry = cache[fileIndex, nextIndex] else { return nil }
            slot = Slot(image: nil, prepared: entry.prepared, index: nextIndex, mediaStart: mediaCursor, duration: entry.duration)
        } else {
            let started = clock.now()
            guard let frame = try source.nextFrame() else { return nil }
            decodeCost.frames += 1
            decodeCost.time += clock.now() - started
            slot = Slot(
                image: frame.image, prepared: nil, serial: frame.serial, change: frame.change, index: nextIndex,
                mediaStart: mediaCursor, duration: frame.duration)
            slot.prepared = cache[fileIndex, nextIndex]?.prepared
        }
        nextIndex += 1
        mediaCursor += slot.duration
        return slot
    }

    /// `decodeNext`, with a failure in the middle of a file ending its playing (the frames shown
    /// stay; the error is reported at the end).
    private func decodeNextQuietly() -> Slot? {
        do {
            return try decodeNext()
        } catch {
            failures.append((source.name, error))
            return nil
        }
    }

    private func fail(_ error: DecodeError) -> Transition {
        failures.append((source.name, error))
        return .next
    }

    // MARK: events

    private func handle(_ event: PlayerEvent) -> Transition? {
        let now = clock.now()
        switch event {
        case .terminate(let signal):
            return .stop(.interrupted(signal: signal))
        case .outputShown:
            break  // the loop asks the sink again
        case .resize:
            relayout()
        case .suspend:
            let wasPaused = schedule.isPaused
            schedule.pause(at: now)
            sink.suspend()
            relayout()
            if !wasPaused { schedule.resume(at: clock.now()) }
        case .key(let key):
            switch key {
            case .quit: return .stop(.quit)
            case .interrupt: return .stop(.interrupted(signal: 2))
            case .nextFile: return .next
            case .previousFile: return .previous
            case .pauseResume:
                if schedule.isPaused { schedule.resume(at: now) } else { schedule.pause(at: now) }
                present(statusText())
            case .faster: schedule.setSpeed(schedule.speed * 2, at: now); present(statusText())
            case .slower: schedule.setSpeed(schedule.speed / 2, at: now); present(statusText())
            case .normalSpeed: schedule.setSpeed(1, at: now); present(statusText())
            case .toggleStatus:
                settings.showStatus.toggle()
                relayout()
            case .stepForward:
                schedule.pause(at: now)
                guard var slot = pending else { return nil }
                show(&slot, decodingAhead: true)
                schedule.seek(to: slot.mediaStart, at: now)
            case .stepBack:
                schedule.pause(at: now)
                stepBack()
            case .restart:
                restart()
            }
        }
        return nil
    }

    private func stepBack() {
        guard let current else { return }
        var target = current.index - 1
        if target < 0 {
            guard let count = source.frameCount, count > 1 else { return }
            target = count - 1
        }
        do {
            try startPass(media: loopMediaStart)
            var slot: Slot? = nil
            for _ in 0...target {
                slot = nil  // not held while the next one is drawn (copy-on-write)
                slot = try decodeNext(wrap: false)
            }
            guard var slot else { return }
            show(&slot, decodingAhead: true)
            schedule.seek(to: slot.mediaStart, at: clock.now())
        } catch {
            failures.append((source.name, error))
        }
    }

    private func restart() {
        do {
            try startPass(media: .zero)
        } catch {
            failures.append((source.name, error))
            return
        }
        loopsDone = 0
        loopMediaStart = .zero
        guard var first = decodeNextQuietly() else { return }
        let wasPaused = schedule.isPaused
        show(&first, decodingAhead: true)
        schedule.start(at: clock.now())
        if wasPaused { schedule.pause(at: clock.now()) }
    }

    // MARK: status

    private func statusText() -> PlaybackStatus? {
        guard settings.showStatus, let current else { return nil }
        let status = PlaybackStatus(
            name: source.name, frame: current.index + 1, frameCount: source.frameCount, delay: current.duration,
            speed: schedule.speed, paused: schedule.isPaused, framesPerSecond: Double(recentPresents.count),
            skipped: shownStatistics.framesSkipped)
        return status
    }
}
