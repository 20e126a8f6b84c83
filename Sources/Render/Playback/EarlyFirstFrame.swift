public import Decode

/// A source whose first frame starts decoding on a background thread the moment it is made, so
/// that decode overlaps what happens before playing starts: the screen's set-up and the round
/// trip of the start-up questions to the terminal (long over SSH). A 1080p GIF's first frame
/// takes 11 ms to decode; the set-up takes 3–5 ms on a local terminal.
///
/// Everything else waits for that decode first: the source itself is not thread-safe, and
/// `frameCount` or `totalPlays` of a GIF are only known after its first frame.
public final class EarlyFirstFrame: FrameSource {
    private let source: any FrameSource
    private var worker: BackgroundWorker?
    private var early: Result<Frame?, DecodeError>?

    /// Starts decoding `source`'s next frame (where a player begins: the first).
    public init(_ source: any FrameSource) {
        self.source = source
        worker = BackgroundWorker()
        worker?.start { [unowned self] in
            early = Result { () throws(DecodeError) -> Frame? in try source.nextFrame() }
        }
    }

    deinit { worker?.wait() }

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

    /// Waits for the early decode, once; its thread ends here.
    private func settle() {
        guard let worker else { return }
        worker.wait()
        self.worker = nil
    }
}
