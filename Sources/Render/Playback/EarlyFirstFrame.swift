public import Decode

/// A source whose first frame starts decoding on a background thread the moment it is made, so
/// that decode overlaps what happens before playing starts: the screen's set-up and the round
/// trip of the start-up questions to the terminal (long over SSH). A 1080p GIF's first frame
/// takes 11 ms to decode; the set-up takes 3–5 ms on a local terminal. The thread then stands by
/// for the first picture's bands (`StandbyThread`), where a thread made then would start late.
///
/// Everything else waits for that decode first: the source itself is not thread-safe, and
/// `frameCount` or `totalPlays` of a GIF are only known after its first frame. Where the source
/// draws the frame row by row (GIF), its rows are shown as they become final (`growingFrame`),
/// so the first picture can be worked out behind the decoder.
public final class EarlyFirstFrame: FrameSource {
    /// How long the decoding thread stays awake for the first picture: the local start-up's
    /// questions are answered within a millisecond of the decode; over SSH nothing is gained.
    public static let standingTime: Duration = .milliseconds(4)

    private let source: any FrameSource
    private var worker: BackgroundWorker?
    private let decode = Outcome()
    private var early: Result<Frame?, DecodeError>?
    private var settled = false
    private let growing: GrowingCanvas?

    /// Starts decoding `source`'s next frame (where a player begins: the first), its thread then
    /// standing by at `standby` for `standing` (on one processor there are no bands to help with).
    public init(
        _ source: any FrameSource, standby: StandbyThread = .shared, standing: Duration = EarlyFirstFrame.standingTime
    ) {
        self.source = source
        let canvas = GrowingCanvas()
        let growing = source.drawsNextFrame(showing: canvas) ? canvas : nil
        self.growing = growing
        // However the decode ends, nobody waits for more rows.
        let decodeFirst = {
            defer { growing?.finish() }
            return Result { () throws(DecodeError) -> Frame? in try source.nextFrame() }
        }
        worker = BackgroundWorker()
        guard let worker else {
            early = decodeFirst()
            settled = true
            return
        }
        // The job holds the outcome, never this object: whoever drops this object last, it is
        // not the worker (whose thread would then wait for itself in deinit).
        let decode = self.decode
        let standsBy = ProcessorCount.online > 1
        worker.start {
            decode.result = decodeFirst()
            guard standsBy else {
                decode.post()
                return
            }
            // Offered before the frame is handed over, so the picture made of it finds the thread.
            standby.standBy(upTo: standing, whenOffered: decode.post)
        }
    }

    deinit { worker?.wait() }

    public var name: String { source.name }
    public var frameCount: Int? {
        settle()
        return source.frameCount
    }
    public var expectedFrameCount: Int? {
        settle()
        return source.expectedFrameCount
    }
    public func countFramesInAdvance(budget: Int) {
        settle()
        source.countFramesInAdvance(budget: budget)
    }
    public var totalPlays: Int? {
        settle()
        return source.totalPlays
    }
    public var hasMoreFrames: Bool {
        settle()
        return source.hasMoreFrames
    }

    /// The first frame's rows as they are drawn, until that frame is taken.
    public var growingFrame: GrowingCanvas? {
        settled ? nil : growing
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
        early = decode.waitForResult()
        settled = true
    }

    /// The decode's result, handed from the worker by a semaphore (which orders the memory).
    private final class Outcome: @unchecked Sendable {
        var result: Result<Frame?, DecodeError>?
        private let posted = Semaphore()

        func post() { posted.signal() }

        /// The result, taken: the frame is not kept here once it is the player's (a sequence's
        /// first frame can be 6 MB).
        func waitForResult() -> Result<Frame?, DecodeError>? {
            posted.wait()
            defer { result = nil }
            return result
        }
    }
}
