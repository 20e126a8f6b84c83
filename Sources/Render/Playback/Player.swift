public import Decode

/// Plays files on a frame sink, each frame for its own duration: full screen one file after
/// another (one timeline), or as a gallery, a page of files at once (a timeline per tile).
///
/// Deadlines come from each timeline's `FrameSchedule` (absolute, from the moment its first
/// frame is on screen, so nothing drifts). A timeline's next frame is decoded and prepared as
/// soon as the current one is taken: on a background thread while the current one is written
/// (full screen, with `decodesOnThread`), else right after the write. When a timeline falls
/// behind, frames whose time has passed are decoded (compositing needs them) but not drawn, and
/// the one due now is shown. The player waits for deadlines in the event source (poll on the
/// terminal and signals), so keys act at once and idling costs no CPU. One frame cache under
/// one budget serves every timeline: a loop that is cached whole plays on without decoding.
///
/// Keys, full screen: space pauses, . and , step, + - 0 set the speed, r restarts, i toggles the
/// status line, n/p change files, q quits. In a gallery: arrows (and . ,) move the selection,
/// Enter opens the selected file (`run` returns `.open`; call `run` again to come back), n/p
/// turn pages, space pauses all, r restarts the page, q quits.
public final class Player<Sink: FrameSink> {
    /// What a run did (frames shown and skipped, time spent, bytes written; in a gallery each
    /// tile's loops on screen over their nominal length).
    public var statistics: PlaybackStatistics {
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
    /// Files that could not be played, with why.
    public var failures: [FileFailure] { retiredFailures + timelines.flatMap(\.feed.failures) }
    /// Told of each frame put on screen full screen: the file's place in the list and the
    /// frame's number in it, from 0 (for a caller's progress or completion).
    public var onFramePresented: ((_ file: Int, _ frame: Int) -> Void)?

    private let sources: [any FrameSource]
    private let clock: any PlaybackClock
    private let events: any PlayerEventSource
    private let sink: Sink
    private var settings: PlayerSettings
    private let arrangement: PlayerArrangement
    private let cache: FrameCache<Sink.Kept>
    /// Full screen: one. A gallery: the page's tiles, left to right, then down.
    private var timelines: [Timeline<Sink>] = []
    /// What timelines of earlier layouts did.
    private var retired = PlaybackStatistics()
    private var retiredFailures: [FileFailure] = []
    private var loopRatios: [Int: Double] = [:]
    private var runStart: Duration?
    private var wall: Duration = .zero
    private var presentTime: Duration = .zero
    private var recentPresents: [Duration] = []

    /// The gallery's tiles, page and selection.
    private var layout: GalleryLayout?
    public private(set) var page = 0
    public private(set) var selection = 0
    /// When the gallery was paused (its tiles pause together).
    private var pausedAt: Duration?

    private enum Transition {
        case next, previous
        case stop(PlayerOutcome)
    }

    public init(
        sources: [any FrameSource], clock: any PlaybackClock, events: any PlayerEventSource, sink: Sink,
        settings: PlayerSettings, arrangement: PlayerArrangement = .fullScreen
    ) {
        self.sources = sources
        self.clock = clock
        self.events = events
        self.sink = sink
        self.settings = settings
        self.arrangement = arrangement
        cache = FrameCache(budget: settings.cacheBytes)
        if case .fullScreen = arrangement {
            let feed = FrameFeed(
                sources: sources, sink: sink, clock: clock, cache: cache, tile: fullScreenTile, slot: 0)
            feed.countsFramesAhead = settings.showStatus
            let worker = settings.decodesOnThread ? BackgroundWorker() : nil
            timelines = [Timeline(feed: feed, sink: sink, clock: clock, worker: worker)]
        } else {
            layout = makeLayout()
        }
    }

    /// Pages of the gallery (1 full screen).
    public var pages: Int {
        guard let layout else { return 1 }
        return (sources.count + layout.perPage - 1) / layout.perPage
    }

    /// Plays until every file has played its loops (full screen), q, a signal, Enter in a
    /// gallery (`.open`), a failed write or the time limit (from the first frame on screen,
    /// across returns from `.open`).
    public func run() -> PlayerOutcome {
        let outcome: PlayerOutcome
        switch arrangement {
        case .fullScreen: outcome = playFiles()
        case .gallery:
            startPage()
            switch playLoop(endsFiles: false) {
            case .stop(let result): outcome = result
            case .next, .previous: outcome = .finished
            }
        }
        if let runStart { wall = clock.now() - runStart }
        return outcome
    }

    // MARK: full screen

    private var fullScreenTile: Tile {
        let area = sink.pictureArea(statusLine: settings.showStatus)
        return Tile(columns: area.columns, rows: area.rows)
    }

    private func playFiles() -> PlayerOutcome {
        var index = 0
        var step = 1
        while sources.indices.contains(index) {
            switch play(fileAt: index) {
            case .next: step = 1
            case .previous: step = -1
            case .stop(let result): return result
            }
            if index == 0 && step < 0 { step = 1; continue }  // p on the first file replays it
            index += step
        }
        return .finished
    }

    private func play(fileAt fileIndex: Int) -> Transition {
        let timeline = timelines[0]
        guard timeline.begin(fileAt: fileIndex) else { return .next }
        // A GIF's loop count is known once its first frame has been read.
        timeline.feed.plays = settings.loops.map { $0 == 0 ? nil : $0 } ?? timeline.source.totalPlays
        let wasPaused = timeline.schedule.isPaused || (runStart == nil && settings.startPaused)
        if wasPaused { timeline.schedule.pause(at: clock.now()) }
        timeline.takePending()
        show([timeline])
        let now = clock.now()
        if runStart == nil { runStart = now }
        timeline.schedule.start(at: now)
        if wasPaused { timeline.schedule.pause(at: now) }
        if settings.stillsEndAtOnce && !settings.holdsLastFrame && !wasPaused {
            // Nothing follows the frame on screen: a still that plays once.
            timeline.collectAhead()
            if timeline.pending == nil { return .next }
        }
        return playLoop(endsFiles: !settings.holdsLastFrame)
    }

    // MARK: the loop

    /// Waits for the next deadline of any timeline (or an event) and shows what is due. Full
    /// screen (`endsFiles`) returns when the file's last frame has had its time.
    private func playLoop(endsFiles: Bool) -> Transition {
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
                if let transition = handle(event) { return transition }
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
            show(taken)
        }
    }

    /// Presents what the timelines show now, `taken` having just taken new frames: their next
    /// frames are decoded meanwhile (on the worker) or right after.
    private func show(_ taken: [Timeline<Sink>]) {
        let status = statusText()
        for timeline in taken { timeline.decodeAheadOnWorker() }
        present(status)
        for timeline in taken { timeline.decodeAheadInLine() }
        if layout != nil, taken.contains(where: { $0.failure != nil }) {
            present(statusText())  // a tile whose next frame failed says so
        }
        let now = clock.now()
        recentPresents.append(now)
        recentPresents.removeAll { now - $0 > .seconds(1) }
    }

    private func present(_ status: PlaybackStatus?) {
        let start = clock.now()
        var views: [TileView<Sink.Prepared>] = []
        if let layout {
            for (slot, timeline) in timelines.enumerated() {
                let name = Self.shortName(timeline.source.name)
                views.append(
                    TileView(
                        tile: layout.tiles[slot], file: timeline.feed.fileIndex, picture: timeline.current?.prepared,
                        caption: timeline.failure.map { "\(name): \($0.description)" } ?? name,
                        selected: slot == selection))
            }
        } else {
            guard let timeline = timelines.first, let prepared = timeline.current?.prepared else { return }
            views = [TileView(tile: timeline.feed.tile, file: timeline.feed.fileIndex, picture: prepared)]
        }
        sink.present(views, status: status)
        presentTime += clock.now() - start
        if layout == nil, let onFramePresented, let timeline = timelines.first, let current = timeline.current {
            onFramePresented(timeline.feed.fileIndex, current.index)
        }
    }

    /// Waits for every decode-ahead job. Call before anything a job touches.
    private func collectAhead() {
        for timeline in timelines { timeline.collectAhead() }
    }

    // MARK: the gallery

    private func makeLayout() -> GalleryLayout {
        guard case .gallery(let grid) = arrangement else { preconditionFailure("a gallery's layout") }
        let area = sink.pictureArea(statusLine: true)
        return GalleryLayout(screenColumns: area.columns, screenRows: area.rows, files: sources.count, grid: grid)
    }

    /// Opens the page's tiles at their first frames and shows them; their clocks start now.
    private func startPage() {
        guard let layout else { return }
        collectAhead()
        page = min(page, max(0, pages - 1))
        let first = page * layout.perPage
        let files = Array(first..<min(sources.count, first + layout.perPage))
        selection = min(selection, max(0, files.count - 1))
        while timelines.count < files.count {
            let slot = timelines.count
            let feed = FrameFeed(
                sources: sources, sink: sink, clock: clock, cache: cache, tile: layout.tiles[slot], slot: slot)
            feed.plays = nil  // tiles play until the page changes
            feed.repeatsSingleFrames = false
            feed.countsFramesAhead = false  // a tile's status gives no frame count
            let timeline = Timeline(feed: feed, sink: sink, clock: clock, worker: nil)
            timeline.measuresLoops = true
            timelines.append(timeline)
        }
        if timelines.count > files.count { retire(timelines[files.count...]) }
        for (timeline, file) in zip(timelines, files) {
            if let ratio = timeline.loopRatio { loopRatios[timeline.feed.fileIndex] = ratio }
            if timeline.begin(fileAt: file, rewinding: true) { timeline.takePending() }
        }
        pausedAt = nil
        present(statusText())
        let now = clock.now()
        if runStart == nil { runStart = now }
        for timeline in timelines {
            timeline.schedule = FrameSchedule()
            timeline.schedule.start(at: now)
            timeline.loopShownAt = now
        }
        for timeline in timelines {
            timeline.decodeAheadOnWorker()
            timeline.decodeAheadInLine()
        }
    }

    /// Takes timelines off the page, keeping what they did for the statistics.
    private func retire(_ leaving: ArraySlice<Timeline<Sink>>) {
        for timeline in leaving {
            Self.add(timeline, to: &retired)
            retiredFailures += timeline.feed.failures
            if let ratio = timeline.loopRatio { loopRatios[timeline.feed.fileIndex] = ratio }
        }
        timelines.removeLast(leaving.count)
    }

    private static func add(_ timeline: Timeline<Sink>, to statistics: inout PlaybackStatistics) {
        statistics.framesShown += timeline.counts.framesShown
        statistics.framesSkipped += timeline.counts.framesSkipped
        statistics.lateness += timeline.counts.lateness
        statistics.decodeTime += timeline.feed.statistics.decodeTime
        statistics.renderTime += timeline.feed.statistics.renderTime
        statistics.loopsDone += timeline.feed.statistics.loopsDone
    }

    /// A path's last part (a folder's, for a sequence named by its folder).
    static func shortName(_ name: String) -> String {
        let parts = name.split(separator: "/")
        return parts.last.map(String.init) ?? name
    }

    private func select(_ slot: Int) {
        guard timelines.indices.contains(slot) else { return }
        selection = slot
        present(statusText())
    }

    // MARK: events

    private func handle(_ event: PlayerEvent) -> Transition? {
        switch event {
        case .terminate(let signal): return .stop(.interrupted(signal: signal))
        case .outputShown: return nil  // the loop asks the sink again
        case .key(.quit): return .stop(.quit)
        case .key(.interrupt): return .stop(.interrupted(signal: 2))
        case .resize:
            relayout()
            return nil
        case .suspend:
            suspend()
            return nil
        case .key(let key):
            return layout == nil ? handleFullScreen(key) : handleGallery(key)
        }
    }

    private func handleFullScreen(_ key: PlayerKey) -> Transition? {
        let now = clock.now()
        let timeline = timelines[0]
        switch key {
        case .nextFile: return .next
        case .previousFile: return .previous
        case .pauseResume:
            if timeline.schedule.isPaused {
                timeline.schedule.resume(at: now)
            } else {
                timeline.schedule.pause(at: now)
            }
            present(statusText())
        case .faster: timeline.schedule.setSpeed(timeline.schedule.speed * 2, at: now); present(statusText())
        case .slower: timeline.schedule.setSpeed(timeline.schedule.speed / 2, at: now); present(statusText())
        case .normalSpeed: timeline.schedule.setSpeed(1, at: now); present(statusText())
        case .toggleStatus:
            settings.showStatus.toggle()
            collectAhead()
            timeline.feed.countsFramesAhead = settings.showStatus
            relayout()
        case .stepForward:
            timeline.schedule.pause(at: now)
            if timeline.stepForward(at: now) { show([timeline]) }
        case .stepBack:
            timeline.schedule.pause(at: now)
            if timeline.stepBack(at: now) { show([timeline]) }
        case .restart:
            let wasPaused = timeline.schedule.isPaused
            guard timeline.restart() else { return nil }
            show([timeline])
            timeline.schedule.start(at: clock.now())
            if wasPaused { timeline.schedule.pause(at: clock.now()) }
        case .up, .down, .open, .quit, .interrupt:
            break  // the gallery's keys; quitting is handled above
        }
        return nil
    }

    private func handleGallery(_ key: PlayerKey) -> Transition? {
        guard let layout else { return nil }
        switch key {
        case .open:
            guard timelines.indices.contains(selection) else { return nil }
            return .stop(.open(file: timelines[selection].feed.fileIndex))
        case .nextFile, .previousFile:
            guard pages > 1 else { return nil }
            page = (page + (key == .nextFile ? 1 : pages - 1)) % pages
            startPage()
        case .stepForward: select(selection + 1)
        case .stepBack: select(selection - 1)
        case .down: select(selection + layout.columns)
        case .up: select(selection - layout.columns)
        case .pauseResume:
            let now = clock.now()
            if let pausedAt {
                for timeline in timelines {
                    timeline.schedule.resume(at: now)
                    timeline.loopShownAt = timeline.loopShownAt.map { $0 + (now - pausedAt) }
                }
                self.pausedAt = nil
            } else {
                for timeline in timelines { timeline.schedule.pause(at: now) }
                pausedAt = now
            }
            present(statusText())
        case .restart: startPage()
        case .faster, .slower, .normalSpeed, .toggleStatus, .quit, .interrupt: break
        }
        return nil
    }

    /// Ctrl-Z: the terminal is given back; on `fg` what was shown is drawn again where it was.
    private func suspend() {
        guard layout == nil else {
            sink.suspend()
            relayout()
            return
        }
        let timeline = timelines[0]
        let wasPaused = timeline.schedule.isPaused
        timeline.schedule.pause(at: clock.now())
        sink.suspend()
        relayout()
        if !wasPaused { timeline.schedule.resume(at: clock.now()) }
    }

    /// Re-fits what is on screen and what waits (after a resize or the status line toggled).
    /// Cached frames were made for the old layout: they go. Full screen, a file that was playing
    /// from the cache is decoded again up to where it was; a gallery starts its page again in
    /// the new layout.
    private func relayout() {
        sink.refresh()
        cache.removeAll()
        guard layout == nil else {
            for timeline in timelines { _ = timeline.feed.forgetLayout() }
            retire(timelines[...])
            layout = makeLayout()
            startPage()
            return
        }
        let timeline = timelines[0]
        timeline.feed.tile = fullScreenTile
        timeline.relayout(playingFromCache: timeline.feed.forgetLayout())
        show([timeline])
    }

    // MARK: status

    /// How much of a file the walk for its frame count reads at once while paused (keys wait for
    /// it): 64 MB, about 25 ms from the page cache.
    static var countingBytesWhilePaused: Int { 64 << 20 }

    private func statusText() -> PlaybackStatus? {
        if layout != nil {
            let selected = timelines.indices.contains(selection) ? timelines[selection].source.name : ""
            var status = PlaybackStatus(
                name: selected, frame: 0, frameCount: nil, delay: .zero, speed: 1, paused: pausedAt != nil,
                framesPerSecond: Double(recentPresents.count), skipped: 0)
            status.page = (page, pages, sources.count)
            return status
        }
        guard settings.showStatus, let timeline = timelines.first, let current = timeline.current else { return nil }
        if timeline.schedule.isPaused && timeline.source.expectedFrameCount == nil {
            // Paused, nothing is timed: the count's walk over the file (a GIF's) is done now,
            // not left to the next decode ahead, so the status says `1/40`, not `1/?`.
            timeline.collectAhead()
            timeline.source.countFramesInAdvance(budget: Self.countingBytesWhilePaused)
        }
        return PlaybackStatus(
            name: timeline.source.name, frame: current.index + 1, frameCount: timeline.source.expectedFrameCount,
            delay: current.duration, speed: timeline.schedule.speed, paused: timeline.schedule.isPaused,
            framesPerSecond: Double(recentPresents.count), skipped: timeline.counts.framesSkipped)
    }
}
