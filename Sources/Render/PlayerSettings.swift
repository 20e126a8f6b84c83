/// What the command line asks of the player.
public struct PlayerSettings: Sendable {
    /// Total plays per file, overriding the file (0 = forever); nil: as the file says.
    public var loops: Int?
    /// Stop after this long (from the first frame on screen).
    public var timeLimit: Duration?
    /// Show the status line.
    public var showStatus: Bool
    /// Start paused on the first frame.
    public var startPaused: Bool
    /// Bytes of prepared frames kept for later loops and for coming back to a file, less the
    /// size of the file's canvas.
    public var cacheBytes: Int

    public init(
        loops: Int? = nil, timeLimit: Duration? = nil, showStatus: Bool = true, startPaused: Bool = false,
        cacheBytes: Int = 10 << 20
    ) {
        self.loops = loops
        self.timeLimit = timeLimit
        self.showStatus = showStatus
        self.startPaused = startPaused
        self.cacheBytes = cacheBytes
    }
}
