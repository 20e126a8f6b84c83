import Glibc
import Synchronization

/// A first frame while it is still being drawn: the canvas the decoder draws on, and how many of
/// its rows, from the top, already hold their final pixels. The thread that will show the frame
/// reads those rows while the decoder draws the rest: a 1080p GIF's first frame takes 20 ms to
/// decode, and its cells can be worked out band by band behind it rather than after it.
///
/// The decoder offers it for a file's first frame only (`AnimatedImage.drawsNextFrame(showing:)`),
/// whose canvas nothing else holds: the pixels stay where they are until that frame is returned.
/// The reader must be done with them before the next frame is decoded.
public final class GrowingCanvas: @unchecked Sendable {
    /// A mark of its own (never a frame's serial), for what is made of the rows to be taken as
    /// made of the frame that comes out (`CanvasChange(since: serial)`, nothing changed).
    public let serial = FrameSerial.next()
    /// -1 until the decoder begins drawing; then the rows final so far; `Int.max` once drawing
    /// is over (done, failed, or never begun).
    private let finalRows = Atomic<Int>(-1)
    /// Written once, before `finalRows` first leaves -1 (the release that publishes it).
    private var canvas: (pixels: UnsafePointer<RGBA>, width: Int, height: Int)?

    /// Called on the decoding thread with each count of final rows as it is published, before
    /// the decoder draws on (tests: what the canvas holds at that moment).
    var onPublish: ((Int) -> Void)?

    public init() {}

    /// The decoder has begun drawing on `pixels` (`width` × `height`); no row is final yet.
    func begin(pixels: UnsafePointer<RGBA>, width: Int, height: Int) {
        guard finalRows.load(ordering: .acquiring) == -1 else { return }
        canvas = (pixels, width, height)
        finalRows.store(0, ordering: .releasing)
    }

    /// Rows 0..<`rows` hold their final pixels.
    func publish(rows: Int) {
        let current = finalRows.load(ordering: .relaxed)
        guard current >= 0, current != .max, rows > current else { return }
        onPublish?(rows)
        finalRows.store(rows, ordering: .releasing)
    }

    /// Drawing is over, however it ended: nobody waits any longer.
    public func finish() {
        finalRows.store(.max, ordering: .releasing)
    }

    /// Whether drawing is over.
    public var isFinished: Bool { finalRows.load(ordering: .acquiring) == .max }

    /// The canvas, once the decoder has begun drawing (waiting for that); nil when drawing ended
    /// without beginning (the frame failed, or draws nothing).
    public func waitForCanvas() -> (pixels: UnsafeBufferPointer<RGBA>, width: Int, height: Int)? {
        guard waitForRows(0), let canvas else { return nil }
        return (
            UnsafeBufferPointer(start: canvas.pixels, count: canvas.width * canvas.height), canvas.width, canvas.height
        )
    }

    /// Waits until rows 0..<`rows` are final or drawing is over; false when it ended without
    /// beginning. The decoder does not signal: rows come every few tens of microseconds, so the
    /// reader looks every 50 µs and sleeps between (never spinning against the decoder on a
    /// machine with as many busy threads as processors).
    @discardableResult
    public func waitForRows(_ rows: Int) -> Bool {
        while true {
            let final = finalRows.load(ordering: .acquiring)
            if final == .max { return canvas != nil }
            if final >= rows { return true }
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000)
            nanosleep(&pause, nil)
        }
    }
}
