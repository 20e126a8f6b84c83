import Decode

/// What the status line says: file, frame i/N, this frame's delay, speed, paused, achieved fps,
/// frames skipped; in a gallery the page and the selected file. The terminal shows it (`text(width:)`, in Terminal).
public struct PlaybackStatus: Sendable {
    public var name: String
    public var frame: Int
    public var frameCount: Int?
    public var delay: Duration
    public var speed: Double
    public var paused: Bool
    public var framesPerSecond: Double
    public var skipped: Int
    /// In a gallery: the page shown (from 0), how many pages and files; `name` is the selected
    /// file's.
    public var page: (index: Int, count: Int, files: Int)?
    /// The link to the terminal when it is slow enough to matter ("link 240 KB/s 35 ms").
    public var link: String?
    /// The file fell behind its time: its frames decode slower than they play, each needing
    /// the one before.
    public var behind = false

    public init(
        name: String, frame: Int, frameCount: Int?, delay: Duration, speed: Double, paused: Bool,
        framesPerSecond: Double, skipped: Int
    ) {
        self.name = name
        self.frame = frame
        self.frameCount = frameCount
        self.delay = delay
        self.speed = speed
        self.paused = paused
        self.framesPerSecond = framesPerSecond
        self.skipped = skipped
    }
}
