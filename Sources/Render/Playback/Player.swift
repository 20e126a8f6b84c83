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
/// writes the current frame; what the job touches (the `FrameFeed`: source, timeline, cache,
/// the sink's `prepare`) is used again only after `collectAhead`.
public final class Player<Sink: FrameSink> {
    /// What a run did (frames shown and skipped, time spent, bytes written).
    public var statistics: PlaybackStatistics {
        var merged = shownStatistics
        merged.decodeTime = feed.statistics.decodeTime
        merged.renderTime += feed.statistics.renderTime
        merged.loopsDone = feed.statistics.loopsDone
        return merged
    }
    /// Kept by the player's thread: what was shown, skipped, written.
    private var shownStatistics = PlaybackStatistics()
    /// Files that could not be played, with why.
    public var failures: [FileFailure] { feed.failures }

    private let sources: [any FrameSource]
    private let clock: any PlaybackClock
    private let events: any PlayerEventSource
    private let sink: Sink
    private var settings: PlayerSettings
    private var schedule = FrameSchedule()
    private var runStart: Duration?

    private typealias Slot = FrameSlot<Sink.Prepared>
    /// The decoding side (kept by whoever decodes: the decode-ahead job, or this thread
    /// between jobs).
    private let feed: FrameFeed<Sink>
    private var source: any FrameSource { feed.source }
    private var current: Slot?
    private var pending: Slot?
    private var recentPresents: [Duration] = []
    /// Decodes the next frame while the current one is written; nil: done in line.
    private let worker: BackgroundWorker?
    /// What the decode-ahead job produced, until `collectAhead` makes it `pending`.
    private var ahead: Slot?

    private enum Transition {
        case next, previous
        case stop(PlayerOutcome)
    }

    public init(
        sources: [any FrameSource], clock: any PlaybackClock, events: any PlayerEventSource, sink: Sink,
        settings: PlayerSettings
    ) {
        self.sources = sources
        self.clock = clock
        self.events = events
        self.sink = sink
        self.settings = settings
        self.feed = FrameFeed(
            sources: sources, sink: sink, clock: clock, cacheBytes: settings.cacheBytes, statusLine: settings.showStatus
        )
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
        current = nil
        pending = nil
        var first: Slot
        do {
            try feed.begin(fileAt: fileIndex)
            guard let decoded = try feed.decodeNext(wrap: false) else { return .next }
            first = decoded
        } catch {
            feed.fail(error)
            return .next
        }
        // A GIF's loop count is known once its first frame has been read.
        feed.plays = settings.loops.map { $0 == 0 ? nil : $0 } ?? source.totalPlays
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
        guard var next = feed.decodeNextQuietly() else { return false }
        // The sink never saw the skipped frame: the next one changes what it changed too.
        pending?.handChange(on: &next)
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
            pending = feed.decodeAndPrepareNext()
            return
        }
        worker.start { [unowned self] in
            self.ahead = self.feed.decodeAndPrepareNext()
        }
    }

    /// Waits for the decode-ahead job, if one runs, and takes its frame as `pending`. Call
    /// before anything the job touches.
    private func collectAhead() {
        guard let worker, worker.isBusy else { return }
        worker.wait()
        pending = ahead
        ahead = nil
    }

    /// Puts `slot` on screen, and with `decodingAhead` decodes the next frame. `slot` is the
    /// caller's own, prepared in place: a large canvas is let go there too, so no copy of it is
    /// held while the decoder draws the next frame.
    private func show(_ slot: inout Slot, decodingAhead: Bool = false) {
        feed.prepareIfNeeded(&slot)
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

    /// Re-fits what is on screen and what waits (after a resize or the status line toggled).
    /// Cached frames were made for the old layout: they go, and a file that was playing from the
    /// cache is decoded again up to where it was.
    private func relayout() {
        sink.refresh()
        feed.statusLine = settings.showStatus
        let playingFromCache = feed.forgetLayout()
        if let shown = current, shown.image == nil {
            // No canvas to fit again. From the decoder (not the cache), when decoding up to the
            // frame again would take long, the next frame is shown now instead.
            if !playingFromCache, !feed.redecodeFitsBudget(upTo: shown.index), showNextInNewLayout() { return }
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
        present(statusText())
    }

    /// After a resize, for a frame whose canvas was let go: the frame after the pending one
    /// (whose picture was made for the old layout) is decoded and shown at once, a frame or two
    /// early rather than seconds late. False at the end of the file.
    private func showNextInNewLayout() -> Bool {
        guard pending != nil else { return false }
        pending = nil
        guard var next = feed.decodeNextQuietly() else { return false }
        shownStatistics.framesSkipped += 1
        show(&next, decodingAhead: true)
        if schedule.isPaused { schedule.seek(to: next.mediaStart, at: clock.now()) }
        return true
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
            case .up, .down, .open:
                break  // the gallery's keys
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
            try feed.startPass(media: feed.loopMediaStart)
            var slot: Slot? = nil
            for _ in 0...target {
                slot = nil  // not held while the next one is drawn (copy-on-write)
                slot = try feed.decodeNext(wrap: false)
            }
            guard var slot else { return }
            show(&slot, decodingAhead: true)
            schedule.seek(to: slot.mediaStart, at: clock.now())
        } catch {
            feed.fail(error)
        }
    }

    private func restart() {
        do {
            try feed.restart()
        } catch {
            feed.fail(error)
            return
        }
        guard var first = feed.decodeNextQuietly() else { return }
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
