public import Decode

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
    /// Decode and downsample the next frame on a background thread while the current one is
    /// written. By default only with three or more processors: on two, the thread competes with
    /// the terminal (and sshd) for the other one, and measured slower (more CPU, more frames
    /// skipped on a 1080p GIF) than decoding right after each write.
    public var decodesOnThread: Bool
    /// A file of one frame that plays once is left as soon as it is shown, not after its
    /// duration (inline: a still prints and the prompt comes back at once).
    public var stillsEndAtOnce = false
    /// Full screen, a file's last frame stays until a key (q, n, p) instead of the file ending
    /// once that frame has had its time: a file opened from a gallery is looked at until q
    /// brings the gallery back, a still or a file that plays once included.
    public var holdsLastFrame = false

    public init(
        loops: Int? = nil, timeLimit: Duration? = nil, showStatus: Bool = true, startPaused: Bool = false,
        cacheBytes: Int = 10 << 20, decodesOnThread: Bool = ProcessorCount.online >= 3
    ) {
        self.loops = loops
        self.timeLimit = timeLimit
        self.showStatus = showStatus
        self.startPaused = startPaused
        self.cacheBytes = cacheBytes
        self.decodesOnThread = decodesOnThread
    }
}
