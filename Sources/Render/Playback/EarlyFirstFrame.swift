public import Decode
import Glibc

/// A source whose first frame starts decoding on a background thread the moment it is made, so
/// that decode overlaps what happens before playing starts: the screen's set-up and the round
/// trip of the start-up questions to the terminal (long over SSH). A 1080p GIF's first frame
/// takes 11 ms to decode; the set-up takes 3–5 ms on a local terminal. The thread then stands by
/// for the first picture's bands (`StandbyThread`), where a thread made then would start late.
///
/// Everything else waits for that decode first: the source itself is not thread-safe, and
/// `frameCount` or `totalPlays` of a GIF are only known after its first frame.
public final class EarlyFirstFrame: FrameSource {
    /// How long the decoding thread stays awake for the first picture: the local start-up's
    /// questions are answered within a millisecond of the decode; over SSH nothing is gained.
    static let standby: Duration = .milliseconds(4)

    private let source: any FrameSource
    private var worker: BackgroundWorker?
    private var early: Result<Frame?, DecodeError>?
    private var decoded = sem_t()
    private var settled = false

    /// Starts decoding `source`'s next frame (where a player begins: the first), its thread then
    /// standing by at `standby`.
    public init(_ source: any FrameSource, standby: StandbyThread = .shared) {
        self.source = source
        sem_init(&decoded, 0, 0)
        worker = BackgroundWorker()
        guard let worker else {
            early = Result { () throws(DecodeError) -> Frame? in try source.nextFrame() }
            settled = true
            return
        }
        worker.start { [unowned self] in
            early = Result { () throws(DecodeError) -> Frame? in try source.nextFrame() }
            sem_post(&decoded)
            standby.standBy(upTo: Self.standby)
        }
    }

    deinit {
        worker?.wait()
        sem_destroy(&decoded)
    }

    public var name: String { source.name }
    public var frameCount: Int? {
        settle()
        return source.frameCount
    }
    public var totalPlays: Int? {
        settle()
        return source.totalPlays
    }
    public var hasMoreFrames: Bool {
        settle()
        return source.hasMoreFrames
    }

    public func nextFrame() throws(DecodeError) -> Frame? {
        settle()
        if let early {
            self.early = nil
            return try early.get()
        }
        return try source.nextFrame()
    }

    /// Not waiting for the early frame: the source takes a bound from any thread, and the
    /// early frame keeps the size it was decoded at.
    public func show(at bound: FrameBound) {
        source.show(at: bound)
    }

    /// Not while the early frame waits to be taken (it is the next one).
    public func skipFrame() -> Duration? {
        settle()
        return early == nil ? source.skipFrame() : nil
    }

    public func rewind() throws(DecodeError) {
        settle()
        early = nil
        try source.rewind()
    }

    /// Waits for the early decode, once (not for the thread's standing by).
    private func settle() {
        guard !settled else { return }
        while sem_wait(&decoded) != 0 && errno == EINTR {}
        settled = true
    }
}
