public import Decode

/// Plays files one after another on a frame sink, each frame for its own duration.
///
/// Deadlines come from `FrameSchedule` (absolute, from the moment the first frame is on screen,
/// so nothing drifts). The next frame is decoded and downsampled right after the current one is
/// shown, while it waits; when the player falls behind, frames whose time has passed are decoded
/// (compositing needs them) but not drawn, and the one due now is shown. It waits for deadlines in
/// the event source (poll on the terminal and signals), so keys act at once and idling costs no
/// CPU.
public final class Player<Sink: FrameSink> {
    public private(set) var statistics = PlaybackStatistics()
    /// Files that could not be played, with why.
    public private(set) var failures: [(name: String, error: DecodeError)] = []
    /// What was on screen last (for printing it after the terminal is given back).
    public private(set) var lastImage: RGBAImage?

    private let sources: [any FrameSource]
    private let clock: any PlaybackClock
    private let events: any PlayerEventSource
    private let sink: Sink
    private var settings: PlayerSettings
    private var schedule = FrameSchedule()
    private var runStart: Duration?

    /// A decoded frame and where it sits on the media timeline.
    private struct Slot {
        var image: RGBAImage
        var prepared: Sink.Prepared?
        var index: Int
        var mediaStart: Duration
        var duration: Duration
        var mediaEnd: Duration { mediaStart + duration }
    }

    private var source: (any FrameSource)!
    private var current: Slot?
    private var pending: Slot?
    private var plays: Int?
    private var loopsDone = 0
    private var nextIndex = 0
    private var mediaCursor: Duration = .zero
    private var loopMediaStart: Duration = .zero
    private var recentPresents: [Duration] = []
    private var played: Set<Int> = []

    private enum Transition {
        case next, previous, stop(PlayerOutcome)
    }

    public init(sources: [any FrameSource], clock: any PlaybackClock, events: any PlayerEventSource, sink: Sink, settings: PlayerSettings) {
        self.sources = sources
        self.clock = clock
        self.events = events
        self.sink = sink
        self.settings = settings
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
        if let runStart { statistics.wall = clock.now() - runStart }
        statistics.bytesWritten = sink.bytesWritten
        return outcome
    }

    // MARK: one file

    private func play(fileAt fileIndex: Int) -> Transition {
        source = sources[fileIndex]
        current = nil
        pending = nil
        if played.contains(fileIndex) {
            do { try source.rewind() } catch { return fail(error) }
        }
        played.insert(fileIndex)
        loopsDone = 0
        nextIndex = 0
        mediaCursor = .zero
        loopMediaStart = .zero
        let first: Slot
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
        show(first)
        let now = clock.now()
        if runStart == nil { runStart = now }
        schedule.start(at: now)
        if wasPaused { schedule.pause(at: now) }
        decodeAhead()

        while true {
            var deadline: Duration?
            if let pending {
                deadline = schedule.wallTime(for: pending.mediaStart)
            } else if let current {
                deadline = schedule.wallTime(for: current.mediaEnd)
            }
            if let limit = settings.timeLimit, let runStart {
                deadline = min(deadline ?? runStart + limit, runStart + limit)
            }
            if let event = events.wait(until: deadline) {
                if let transition = handle(event) { return transition }
                continue
            }
            let now = clock.now()
            if let limit = settings.timeLimit, let runStart, now >= runStart + limit {
                return .stop(.finished)
            }
            guard !schedule.isPaused else { continue }
            guard pending != nil else { return .next }  // the last frame has had its time
            guard let due = schedule.wallTime(for: pending!.mediaStart), now >= due else { continue }
            advance(now: now)
        }
    }

    /// The deadline of the pending frame has come: skip what is stale, show what is due.
    private func advance(now: Duration) {
        let mediaNow = schedule.media(at: now)
        while let slot = pending, slot.mediaEnd <= mediaNow, let next = decodeNextQuietly() {
            statistics.framesSkipped += 1
            pending = next
        }
        guard let slot = pending else { return }
        if let due = schedule.wallTime(for: slot.mediaStart) {
            statistics.lateness.append(max(0, milliseconds(now - due)))
        }
        show(slot)
        decodeAhead()
    }

    /// Decodes and prepares the frame after the current one while the current one shows.
    private func decodeAhead() {
        pending = decodeNextQuietly()
        if pending != nil, pending?.prepared == nil {
            pending!.prepared = prepare(pending!.image)
        }
    }

    private func show(_ slot: Slot) {
        var slot = slot
        if slot.prepared == nil { slot.prepared = prepare(slot.image) }
        current = slot
        present()
        statistics.framesShown += 1
        let now = clock.now()
        recentPresents.append(now)
        recentPresents.removeAll { now - $0 > .seconds(1) }
    }

    private func present() {
        guard let current, let prepared = current.prepared else { return }
        let start = clock.now()
        sink.present(prepared, status: statusText())
        statistics.renderTime += clock.now() - start
        lastImage = current.image
    }

    private func prepare(_ image: RGBAImage) -> Sink.Prepared {
        let start = clock.now()
        defer { statistics.renderTime += clock.now() - start }
        return sink.prepare(image, statusLine: settings.showStatus)
    }

    /// Re-fits what is on screen and what waits (after a resize or the status line toggled).
    private func relayout() {
        sink.refresh()
        if current != nil { current!.prepared = prepare(current!.image) }
        if pending != nil { pending!.prepared = prepare(pending!.image) }
        present()
    }

    // MARK: decoding

    /// The next frame on the timeline, wrapping to the next loop when the file allows.
    private func decodeNext(wrap: Bool = true) throws(DecodeError) -> Slot? {
        let start = clock.now()
        defer { statistics.decodeTime += clock.now() - start }
        if let frame = try source.nextFrame() {
            let slot = Slot(
                image: frame.image, prepared: nil, index: nextIndex, mediaStart: mediaCursor, duration: frame.duration)
            nextIndex += 1
            mediaCursor += frame.duration
            return slot
        }
        guard nextIndex > 0 else { return nil }
        loopsDone += 1
        statistics.loopsDone += 1
        guard wrap, plays.map({ loopsDone < $0 }) ?? true else { return nil }
        try source.rewind()
        nextIndex = 0
        loopMediaStart = mediaCursor
        guard let frame = try source.nextFrame() else { return nil }
        nextIndex = 1
        mediaCursor += frame.duration
        return Slot(image: frame.image, prepared: nil, index: 0, mediaStart: mediaCursor - frame.duration, duration: frame.duration)
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
                present()
            case .faster: schedule.setSpeed(schedule.speed * 2, at: now); present()
            case .slower: schedule.setSpeed(schedule.speed / 2, at: now); present()
            case .normalSpeed: schedule.setSpeed(1, at: now); present()
            case .toggleStatus:
                settings.showStatus.toggle()
                relayout()
            case .stepForward:
                schedule.pause(at: now)
                guard let slot = pending else { return nil }
                show(slot)
                schedule.seek(to: slot.mediaStart, at: now)
                decodeAhead()
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
            try source.rewind()
            nextIndex = 0
            mediaCursor = loopMediaStart
            var slot: Slot? = nil
            for _ in 0...target {
                slot = try decodeNext(wrap: false)
            }
            guard let slot else { return }
            show(slot)
            schedule.seek(to: slot.mediaStart, at: clock.now())
            decodeAhead()
        } catch {
            failures.append((source.name, error))
        }
    }

    private func restart() {
        do {
            try source.rewind()
        } catch {
            failures.append((source.name, error))
            return
        }
        loopsDone = 0
        nextIndex = 0
        mediaCursor = .zero
        loopMediaStart = .zero
        guard let first = decodeNextQuietly() else { return }
        let wasPaused = schedule.isPaused
        show(first)
        schedule.start(at: clock.now())
        if wasPaused { schedule.pause(at: clock.now()) }
        decodeAhead()
    }

    // MARK: status

    private func statusText() -> PlaybackStatus? {
        guard settings.showStatus, let current else { return nil }
        let status = PlaybackStatus(
            name: source.name, frame: current.index + 1, frameCount: source.frameCount, delay: current.duration,
            speed: schedule.speed, paused: schedule.isPaused, framesPerSecond: Double(recentPresents.count),
            skipped: statistics.framesSkipped)
        return status
    }

    private func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
