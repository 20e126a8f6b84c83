import Decode

/// A page of files playing at once, a tile and a timeline each, every tile on its own timing:
/// arrows (and . ,) move the selection, n/p turn pages, space pauses all, r restarts the page,
/// Enter opens the selected file full screen (`FullScreenPlay`, on a slot of its own, until q
/// brings the page back).
final class GalleryPlay<Sink: FrameSink>: PlayArrangement {
    private let stage: PlayStage<Sink>
    private let grid: (columns: Int, rows: Int)?
    private var layout: GalleryLayout
    private(set) var page = 0
    private(set) var selection = 0
    /// When the gallery was paused (its tiles pause together).
    private var pausedAt: Duration?

    init(stage: PlayStage<Sink>, grid: (columns: Int, rows: Int)?) {
        self.stage = stage
        self.grid = grid
        layout = Self.layout(stage: stage, grid: grid)
    }

    var pages: Int { (stage.sources.count + layout.perPage - 1) / layout.perPage }

    /// Plays pages until q, a signal, a failed write or the time limit.
    func run() -> PlayerOutcome {
        startPage()
        switch stage.playLoop(endsFiles: false, in: self) {
        case .stop(let result): return result
        case .next, .previous: return .finished
        }
    }

    private static func layout(stage: PlayStage<Sink>, grid: (columns: Int, rows: Int)?) -> GalleryLayout {
        let area = stage.sink.pictureArea(statusLine: true)
        return GalleryLayout(screenColumns: area.columns, screenRows: area.rows, files: stage.sources.count, grid: grid)
    }

    /// Opens the page's tiles at their first frames and shows them; their clocks start now.
    private func startPage() {
        stage.collectAhead()
        page = min(page, max(0, pages - 1))
        let first = page * layout.perPage
        let files = Array(first..<min(stage.sources.count, first + layout.perPage))
        selection = min(selection, max(0, files.count - 1))
        while stage.timelines.count < files.count {
            let slot = stage.timelines.count
            let feed = FrameFeed(
                sources: stage.sources, sink: stage.sink, clock: stage.clock, cache: stage.cache,
                tile: layout.tiles[slot], slot: slot)
            feed.plays = nil  // tiles play until the page changes
            feed.repeatsSingleFrames = false
            feed.countsFramesAhead = false  // a tile's status gives no frame count
            let timeline = Timeline(feed: feed, sink: stage.sink, clock: stage.clock, worker: nil)
            timeline.measuresLoops = true
            stage.timelines.append(timeline)
        }
        if stage.timelines.count > files.count { stage.retire(last: stage.timelines.count - files.count) }
        for (timeline, file) in zip(stage.timelines, files) {
            if let ratio = timeline.loopRatio { stage.loopRatios[timeline.feed.fileIndex] = ratio }
            if timeline.begin(fileAt: file, rewinding: true) { timeline.takePending() }
        }
        pausedAt = nil
        stage.present(status(), in: self)
        let now = stage.clock.now()
        if stage.runStart == nil { stage.runStart = now }
        for timeline in stage.timelines {
            timeline.schedule = FrameSchedule()
            timeline.schedule.start(at: now)
            timeline.loopShownAt = now
        }
        for timeline in stage.timelines {
            timeline.decodeAheadOnWorker()
            timeline.decodeAheadInLine()
        }
    }

    /// Plays `file` full screen over the whole area, its last frame held until q; then the page
    /// again, fitted to the screen as it is then. The page's timelines wait meanwhile; the
    /// cache, whose frames are made for one layout, is emptied on the way in and out.
    private func open(_ file: Int) -> PlayTransition? {
        stage.collectAhead()
        let pageTimelines = stage.timelines
        stage.timelines = []
        // From its first frame: the page left the file wherever its tile was.
        try? stage.sources[file].rewind()
        stage.sink.refresh()
        stage.cache.removeAll()
        let outcome = FullScreenPlay(stage: stage, files: [file], slot: layout.perPage, holdsLastFrame: true).run()
        stage.collectAhead()
        stage.retire(last: stage.timelines.count)
        stage.timelines = pageTimelines
        switch outcome {
        case .interrupted, .outputFailed: return .stop(outcome)
        case .finished, .quit:
            relayout()
            return nil
        }
    }

    private func select(_ slot: Int) {
        guard stage.timelines.indices.contains(slot) else { return }
        selection = slot
        stage.present(status(), in: self)
    }

    /// A path's last part (a folder's, for a sequence named by its folder).
    static func shortName(_ name: String) -> String {
        let parts = name.split(separator: "/")
        return parts.last.map(String.init) ?? name
    }

    // MARK: PlayArrangement

    var reportsFrames: Bool { false }
    var showsFailuresAtOnce: Bool { true }

    func views() -> [TileView<Sink.Prepared>] {
        stage.timelines.enumerated().map { slot, timeline in
            let name = Self.shortName(timeline.source.name)
            return TileView(
                tile: layout.tiles[slot], file: timeline.feed.fileIndex, picture: timeline.current?.prepared,
                caption: timeline.failure.map { "\(name): \($0.description)" } ?? name,
                selected: slot == selection)
        }
    }

    func handle(_ key: PlayerKey) -> PlayTransition? {
        switch key {
        case .open:
            guard stage.timelines.indices.contains(selection) else { return nil }
            return open(stage.timelines[selection].feed.fileIndex)
        case .nextFile, .previousFile:
            guard pages > 1 else { return nil }
            page = (page + (key == .nextFile ? 1 : pages - 1)) % pages
            startPage()
        case .stepForward: select(selection + 1)
        case .stepBack: select(selection - 1)
        case .down: select(selection + layout.columns)
        case .up: select(selection - layout.columns)
        case .pauseResume:
            let now = stage.clock.now()
            if let pausedAt {
                for timeline in stage.timelines {
                    timeline.schedule.resume(at: now)
                    timeline.loopShownAt = timeline.loopShownAt.map { $0 + (now - pausedAt) }
                }
                self.pausedAt = nil
            } else {
                for timeline in stage.timelines { timeline.schedule.pause(at: now) }
                pausedAt = now
            }
            stage.present(status(), in: self)
        case .restart: startPage()
        case .faster, .slower, .normalSpeed, .toggleStatus, .quit, .interrupt: break
        }
        return nil
    }

    func suspend() {
        stage.sink.suspend()
        relayout()
    }

    /// The page starts again in the new layout; cached frames were made for the old one.
    func relayout() {
        stage.sink.refresh()
        stage.cache.removeAll()
        for timeline in stage.timelines { _ = timeline.feed.forgetLayout() }
        stage.retire(last: stage.timelines.count)
        layout = Self.layout(stage: stage, grid: grid)
        startPage()
    }

    func status() -> PlaybackStatus? {
        let selected = stage.timelines.indices.contains(selection) ? stage.timelines[selection].source.name : ""
        var status = PlaybackStatus(
            name: selected, frame: 0, frameCount: nil, delay: .zero, speed: 1, paused: pausedAt != nil,
            framesPerSecond: stage.framesPerSecond, skipped: 0)
        status.page = (page, pages, stage.sources.count)
        return status
    }
}
