/// How animations play: how often, how long, from where, and what is kept.
public struct PlaybackOptions: Sendable {
    /// How many times each animation plays (0: forever); nil: as its file says.
    public var plays: Int?
    /// Playing stops after this long, counted from the first frame on screen.
    public var timeLimit: Duration?
    /// Starts paused on the first frame.
    public var startsPaused: Bool
    /// A status line under the picture (full screen): name, frame i/N, delay, speed, skipped.
    public var showsStatus: Bool
    /// Bytes of prepared frames kept for later loops, so a short loop plays on without
    /// decoding again.
    public var cacheBytes: Int
    /// Inline: the picture is taken away when playing ends (a progress animation), and the
    /// cursor put back where the picture began.
    public var removesPictureAtEnd: Bool

    /// Options; the defaults play each animation as its file says, with a status line.
    /// - Parameters:
    ///   - plays: how many times each animation plays (0: forever); nil: as its file says.
    ///   - timeLimit: playing stops after this long.
    ///   - startsPaused: starts paused on the first frame.
    ///   - showsStatus: a status line under the picture (full screen).
    ///   - cacheBytes: bytes of prepared frames kept for later loops.
    ///   - removesPictureAtEnd: inline, the picture is taken away at the end.
    public init(
        plays: Int? = nil, timeLimit: Duration? = nil, startsPaused: Bool = false, showsStatus: Bool = true,
        cacheBytes: Int = 10 << 20, removesPictureAtEnd: Bool = false
    ) {
        self.plays = plays
        self.timeLimit = timeLimit
        self.startsPaused = startsPaused
        self.showsStatus = showsStatus
        self.cacheBytes = cacheBytes
        self.removesPictureAtEnd = removesPictureAtEnd
    }
}
