/// Plays files on a frame sink, each frame for its own duration: full screen one file after
/// another (`FullScreenPlay`), or as a gallery, a page of files at once, a timeline per tile
/// (`GalleryPlay`), from which Enter opens a file full screen and q comes back. Both play on one
/// `PlayStage`: the timelines, the deadline loop, and one frame cache under one budget, so a
/// loop that is cached whole plays on without decoding.
public final class Player<Sink: FrameSink> {
    private let stage: PlayStage<Sink>
    /// The gallery, laid out for the sink's area when the player is made; nil full screen.
    private let gallery: GalleryPlay<Sink>?
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
        if case .gallery(let grid) = arrangement {
            gallery = GalleryPlay(stage: stage, grid: grid)
        } else {
            gallery = nil
        }
    }

    /// Pages of the gallery (1 full screen).
    public var pages: Int { gallery?.pages ?? 1 }

    /// Plays until every file has played its loops (full screen), q, a signal, a failed write or
    /// the time limit (from the first frame on screen).
    public func run() -> PlayerOutcome {
        let outcome: PlayerOutcome
        if let gallery {
            outcome = gallery.run()
        } else {
            let files = Array(stage.sources.indices)
            outcome = FullScreenPlay(stage: stage, files: files, holdsLastFrame: stage.settings.holdsLastFrame).run()
        }
        if let runStart = stage.runStart { wall = stage.clock.now() - runStart }
        return outcome
    }
}
