/// Plays files on a frame sink, each frame for its own duration: full screen one file after
/// another (`FullScreenPlay`), or as a gallery, a page of files at once, a timeline per tile
/// (`GalleryPlay`), from which Enter opens a file full screen and q comes back. Both play on one
/// `PlayStage`: the timelines, the deadline loop, and one frame cache under one budget, so a
/// loop that is cached whole plays on without decoding.
public final class Player<Sink: FrameSink> {
    private let stage: PlayStage<Sink>
    private let arrangement: PlayerArrangement
    private var wall: Duration = .zero

    /// What a run did (frames shown and skipped, time spent, bytes written; in a gallery each
    /// tile's loops on screen over their nominal length).
    public var statistics: PlaybackStatistics { stage.statistics(wall: wall) }
    /// Files that could not be played, with why.
    public var failures: [FileFailure] { stage.failures }
    /// Told of each frame put on screen one file at a time (full screen, or a file opened from
    /// a gallery): the file's place in the list and the frame's number in it, from 0 (for a
    /// caller's progress or completion).
    public var onFramePresented: ((_ file: Int, _ frame: Int) -> Void)? {
        get { stage.onFramePresented }
        set { stage.onFramePresented = newValue }
    }

    public init(
        sources: [any FrameSource], clock: any PlaybackClock, events: any PlayerEventSource, sink: Sink,
        settings: PlayerSettings, arrangement: PlayerArrangement = .fullScreen
    ) {
        stage = PlayStage(sources: sources, clock: clock, events: events, sink: sink, settings: settings)
        self.arrangement = arrangement
    }

    /// Pages of the gallery, laid out for the sink's area now (1 full screen).
    public var pages: Int {
        guard case .gallery(let grid) = arrangement else { return 1 }
        return GalleryPlay(stage: stage, grid: grid).pages
    }

    /// Plays until every file has played its loops (full screen), q, a signal, a failed write or
    /// the time limit (from the first frame on screen).
    public func run() -> PlayerOutcome {
        let outcome: PlayerOutcome
        switch arrangement {
        case .fullScreen:
            let files = Array(stage.sources.indices)
            outcome = FullScreenPlay(stage: stage, files: files, holdsLastFrame: stage.settings.holdsLastFrame).run()
        case .gallery(let grid):
            outcome = GalleryPlay(stage: stage, grid: grid).run()
        }
        if let runStart = stage.runStart { wall = stage.clock.now() - runStart }
        return outcome
    }
}
