import Decode

/// One file at a time over the whole area, on one timeline: n/p move between `files`; space
/// pauses, . and , step, + - 0 set the speed, r restarts, i toggles the status line. A file
/// ends once its last frame has had its time, unless the last frame is held (`holdsLastFrame`:
/// a file opened from a gallery is looked at until q).
final class FullScreenPlay<Sink: FrameSink>: PlayArrangement {
    private let stage: PlayStage<Sink>
    private let files: [Int]
    private let holdsLastFrame: Bool
    private let timeline: Timeline<Sink>

    /// How much of a file the walk for its frame count reads at once while paused (keys wait for
    /// it): 64 MB, about 25 ms from the page cache.
    static var countingBytesWhilePaused: Int { 64 << 20 }

    /// Plays `files` (places in the stage's list) with the sink's pictures for `slot`.
    init(stage: PlayStage<Sink>, files: [Int], slot: Int = 0, holdsLastFrame: Bool) {
        self.stage = stage
        self.files = files
        self.holdsLastFrame = holdsLastFrame
        let area = stage.sink.pictureArea(statusLine: stage.settings.showStatus)
        let feed = FrameFeed(
            sources: stage.sources, sink: stage.sink, clock: stage.clock, cache: stage.cache,
            tile: Tile(columns: area.columns, rows: area.rows), slot: slot)
        feed.countsFramesAhead = stage.settings.showStatus
        let worker = stage.settings.decodesOnThread ? BackgroundWorker() : nil
        timeline = Timeline(feed: feed, sink: stage.sink, clock: stage.clock, worker: worker)
    }

    /// Plays the files in turn on the stage (its only timeline meanwhile), until the last has
    /// played its loops, q, a signal, a failed write or the time limit.
    func run() -> PlayerOutcome {
        stage.timelines = [timeline]
        var position = 0
        var step = 1
        while files.indices.contains(position) {
            switch play(fileAt: files[position]) {
            case .next: step = 1
            case .previous: step = -1
            case .stop(let result): return result
            }
            if position == 0 && step < 0 { step = 1; continue }  // p on the first file replays it
            position += step
        }
        return .finished
    }

    private func play(fileAt fileIndex: Int) -> PlayTransition {
        let settings = stage.settings
        guard timeline.begin(fileAt: fileIndex) else { return .next }
        // A GIF's loop count is known once its first frame has been read.
        timeline.feed.plays = settings.loops.map { $0 == 0 ? nil : $0 } ?? timeline.source.totalPlays
        let wasPaused = timeline.schedule.isPaused || (stage.runStart == nil && settings.startPaused)
        if wasPaused { timeline.schedule.pause(at: stage.clock.now()) }
        timeline.takePending()
        stage.show([timeline], in: self)
        let now = stage.clock.now()
        if stage.runStart == nil { stage.runStart = now }
        timeline.schedule.start(at: now)
        if wasPaused { timeline.schedule.pause(at: now) }
        if settings.stillsEndAtOnce && !holdsLastFrame && !wasPaused {
            // Nothing follows the frame on screen: a still that plays once.
            timeline.collectAhead()
            if timeline.pending == nil { return .next }
        }
        return stage.playLoop(endsFiles: !holdsLastFrame, in: self)
    }

    // MARK: PlayArrangement

    var reportsFrames: Bool { true }
    var showsFailuresAtOnce: Bool { false }

    func views() -> [TileView<Sink.Prepared>] {
        guard let prepared = timeline.current?.prepared else { return [] }
        return [TileView(tile: timeline.feed.tile, file: timeline.feed.fileIndex, picture: prepared)]
    }

    func handle(_ key: PlayerKey) -> PlayTransition? {
        let now = stage.clock.now()
        switch key {
        case .nextFile: return .next
        case .previousFile: return .previous
        case .pauseResume:
            if timeline.schedule.isPaused {
                timeline.schedule.resume(at: now)
            } else {
                timeline.schedule.pause(at: now)
            }
            stage.present(status(), in: self)
        case .faster: setSpeed(timeline.schedule.speed * 2, at: now)
        case .slower: setSpeed(timeline.schedule.speed / 2, at: now)
        case .normalSpeed: setSpeed(1, at: now)
        case .toggleStatus:
            stage.settings.showStatus.toggle()
            stage.collectAhead()
            timeline.feed.countsFramesAhead = stage.settings.showStatus
            relayout()
        case .stepForward:
            timeline.schedule.pause(at: now)
            if timeline.stepForward(at: now) { stage.show([timeline], in: self) }
        case .stepBack:
            timeline.schedule.pause(at: now)
            if timeline.stepBack(at: now) { stage.show([timeline], in: self) }
        case .restart:
            let wasPaused = timeline.schedule.isPaused
            guard timeline.restart() else { return nil }
            stage.show([timeline], in: self)
            timeline.schedule.start(at: stage.clock.now())
            if wasPaused { timeline.schedule.pause(at: stage.clock.now()) }
        case .up, .down, .open, .quit, .interrupt:
            break  // the gallery's keys; quitting is the stage's
        }
        return nil
    }

    private func setSpeed(_ speed: Double, at now: Duration) {
        timeline.schedule.setSpeed(speed, at: now)
        stage.present(status(), in: self)
    }

    func suspend() {
        let wasPaused = timeline.schedule.isPaused
        timeline.schedule.pause(at: stage.clock.now())
        stage.sink.suspend()
        relayout()
        if !wasPaused { timeline.schedule.resume(at: stage.clock.now()) }
    }

    /// Cached frames were made for the old layout: they go, and a file that was playing from the
    /// cache is decoded again up to where it was.
    func relayout() {
        stage.sink.refresh()
        stage.cache.removeAll()
        let area = stage.sink.pictureArea(statusLine: stage.settings.showStatus)
        timeline.feed.tile = Tile(columns: area.columns, rows: area.rows)
        timeline.relayout(playingFromCache: timeline.feed.forgetLayout())
        stage.show([timeline], in: self)
    }

    func status() -> PlaybackStatus? {
        guard stage.settings.showStatus, let current = timeline.current else { return nil }
        if timeline.schedule.isPaused && timeline.source.expectedFrameCount == nil {
            // Paused, nothing is timed: the count's walk over the file (a GIF's) is done now,
            // not left to the next decode ahead, so the status says `1/40`, not `1/?`.
            timeline.collectAhead()
            timeline.source.countFramesInAdvance(budget: Self.countingBytesWhilePaused)
        }
        var status = PlaybackStatus(
            name: timeline.source.name, frame: current.index + 1, frameCount: timeline.source.expectedFrameCount,
            delay: current.duration, speed: timeline.schedule.speed, paused: timeline.schedule.isPaused,
            framesPerSecond: stage.framesPerSecond, skipped: timeline.counts.framesSkipped)
        status.behind = timeline.isBehind
        return status
    }
}
