import Decode

/// What every arrangement plays on: the files, the clock, the events, the sink, one frame cache
/// under one budget, the timelines playing now, and the loop that waits for the next deadline
/// of any of them (or an event) and shows what is due. It knows no layout: the arrangement in
/// charge (`PlayArrangement`) says what the timelines look like on screen and takes the keys.
///
/// Deadlines come from each timeline's `FrameSchedule` (absolute, from the moment its first
/// frame is on screen, so nothing drifts). A timeline's next frame is decoded and prepared as
/// soon as the current one is taken: on a background thread while the current one is written
/// (with `decodesOnThread`), else right after the write. When a timeline falls behind, frames
/// whose time has passed are decoded (compositing needs them) but not drawn, and the one due now
/// is shown. The loop waits in the event source (poll on the terminal and signals), so keys act
/// at once and idling costs no CPU.
final class PlayStage<Sink: FrameSink> {
    let sources: [any FrameSource]
    let clock: any PlaybackClock
    let events: any PlayerEventSource
    let sink: Sink
    var settings: PlayerSettings
    let cache: FrameCache<Sink.Kept>
    /// The timelines playing now: one full screen, a gallery page's tiles.
    var timelines: [Timeline<Sink>] = []
    /// The first frame's time on screen, for the time limit; set once.
    var runStart: Duration?
    var onFramePresented: ((_ file: Int, _ frame: Int) -> Void)?
    /// Each tile's loops on screen over their nominal length, by file.
    var loopRatios: [Int: Double] = [:]
    private var retired = PlaybackStatistics()
    private var retiredFailures: [FileFailure] = []
    private var presentTime: Duration = .zero
    private var recentPresents: [Duration] = []

    init(
        sources: [any FrameSource], clock: any PlaybackClock, events: any PlayerEventSource, sink: Sink,
        settings: PlayerSettings
    ) {
        self.sources = sources
        self.clock = clock
        self.events = events
        self.sink = sink
        self.settings = settings
        cache = FrameCache(budget: settings.cacheBytes)
    }

    /// Frames presented over the last second.
    var framesPerSecond: Double { Double(recentPresents.count) }

    /// What the timelines did, those playing and those retired, over `wall`.
    func statistics(wall: Duration) -> PlaybackStatistics {
        var merged = retired
        for timeline in timelines { Self.add(timeline, to: &merged) }
        merged.renderTime += presentTime
        merged.wall = wall
        merged.bytesWritten = sink.bytesWritten
        var ratios = loopRatios
        for timeline in timelines {
            if let ratio = timeline.loopRatio { ratios[timeline.feed.fileIndex] = ratio }
        }
        merged.loopRatios = ratios.keys.sorted().map { ratios[$0]! }
        return merged
    }

    var failures: [FileFailure] { retiredFailures + timelines.flatMap(\.feed.failures) }

    /// Waits for the next deadline of any timeline (or an event) and shows what is due, until
    /// `arrangement` or an event ends it. `endsFiles` (full screen): it also ends when the
    /// file's last frame has had its time.
    func playLoop(endsFiles: Bool, in arrangement: some PlayArrangement<Sink>) -> PlayTransition {
        while true {
            if let error = sink.outputError {
                collectAhead()
                return .stop(.outputFailed(error))
            }
            var deadline: Duration?
            var again = false
            let now = clock.now()
            for timeline in timelines {
                switch timeline.wake(now: now, endsFiles: endsFiles) {
                case .again: again = true
                case .at(let time): deadline = min(deadline ?? time, time)
                case .never: break
                }
            }
            if let limit = settings.timeLimit, let runStart {
                deadline = min(deadline ?? runStart + limit, runStart + limit)
            }
            // Caught up with one stale frame: the keys are looked at (not waited for) before the
            // next step, however many steps catching up takes.
            if let event = events.wait(until: again ? now : deadline) {
                if event != .outputShown { collectAhead() }
                if let transition = handle(event, in: arrangement) { return transition }
                continue
            }
            if again { continue }
            collectAhead()
            let due = clock.now()
            if let limit = settings.timeLimit, let runStart, due >= runStart + limit {
                return .stop(.finished)
            }
            if endsFiles, let timeline = timelines.first, !timeline.schedule.isPaused, timeline.pending == nil {
                return .next  // the last frame has had its time
            }
            let taken = timelines.filter { $0.isDue(at: due) }
            guard !taken.isEmpty, sink.readiness(at: due) == nil else { continue }
            for timeline in taken { timeline.advance(now: due) }
            show(taken, in: arrangement)
        }
    }

    private func handle(_ event: PlayerEvent, in arrangement: some PlayArrangement<Sink>) -> PlayTransition? {
        switch event {
        case .terminate(let signal): return .stop(.interrupted(signal: signal))
        case .outputShown: return nil  // the loop asks the sink again
        case .key(.quit): return .stop(.quit)
        case .key(.interrupt): return .stop(.interrupted(signal: 2))
        case .resize:
            arrangement.relayout()
            return nil
        case .suspend:
            arrangement.suspend()
            return nil
        case .key(let key):
            return arrangement.handle(key)
        }
    }

    /// Presents what the timelines show now, `taken` having just taken new frames: their next
    /// frames are decoded meanwhile (on the worker) or right after.
    func show(_ taken: [Timeline<Sink>], in arrangement: some PlayArrangement<Sink>) {
        let status = arrangement.status()
        for timeline in taken { timeline.decodeAheadOnWorker() }
        present(status, in: arrangement)
        for timeline in taken { timeline.decodeAheadInLine() }
        if arrangement.showsFailuresAtOnce, taken.contains(where: { $0.failure != nil }) {
            present(arrangement.status(), in: arrangement)
        }
        let now = clock.now()
        recentPresents.append(now)
        recentPresents.removeAll { now - $0 > .seconds(1) }
    }

    func present(_ status: PlaybackStatus?, in arrangement: some PlayArrangement<Sink>) {
        let start = clock.now()
        let views = arrangement.views()
        guard !views.isEmpty else { return }
        sink.present(views, status: status)
        presentTime += clock.now() - start
        if arrangement.reportsFrames, let onFramePresented, let timeline = timelines.first,
            let current = timeline.current
        {
            onFramePresented(timeline.feed.fileIndex, current.index)
        }
    }

    /// Waits for every decode-ahead job. Call before anything a job touches.
    func collectAhead() {
        for timeline in timelines { timeline.collectAhead() }
    }

    /// Takes the last `count` timelines off the stage, keeping what they did for the statistics.
    func retire(last count: Int) {
        for timeline in timelines.suffix(count) {
            Self.add(timeline, to: &retired)
            retiredFailures += timeline.feed.failures
            if let ratio = timeline.loopRatio { loopRatios[timeline.feed.fileIndex] = ratio }
        }
        timelines.removeLast(count)
    }

    private static func add(_ timeline: Timeline<Sink>, to statistics: inout PlaybackStatistics) {
        statistics.framesShown += timeline.counts.framesShown
        statistics.framesSkipped += timeline.counts.framesSkipped
        statistics.lateness += timeline.counts.lateness
        statistics.decodeTime += timeline.feed.statistics.decodeTime
        statistics.renderTime += timeline.feed.statistics.renderTime
        statistics.loopsDone += timeline.feed.statistics.loopsDone
        statistics.fellBehind = statistics.fellBehind || timeline.counts.fellBehind
    }
}
