public import Decode

/// What the player plays: a sequential cursor over composited frames. `AnimatedImage` is one;
/// tests use synthetic sources.
public protocol FrameSource: AnyObject {
    /// The name shown in the status line and in messages.
    var name: String { get }
    /// Known after one full pass for GIF.
    var frameCount: Int? { get }
    /// `frameCount`, or a count worked out before a pass has ended (`countFramesInAdvance`):
    /// what the status line shows.
    var expectedFrameCount: Int? { get }
    /// Walks on towards `expectedFrameCount`, about `budget` bytes of the file, where the file
    /// tells it without decoding (GIF); nothing once it is known.
    func countFramesInAdvance(budget: Int)
    /// How many times the animation plays as its file says; nil means forever.
    var totalPlays: Int? { get }
    func nextFrame() throws(DecodeError) -> Frame?
    func rewind() throws(DecodeError)
    /// True when the file holds another frame after the one last returned in this pass (false
    /// when not known): the player then lets go of a skipped frame's canvas before the next decode.
    var hasMoreFrames: Bool { get }
    /// Passes over the next frame for less than decoding it costs, where the source can
    /// (numbered files, video clips): its duration; nil where it cannot or the pass is over.
    func skipFrame() -> Duration?
    /// From the next frame on, frames no larger than `bound`, where the source scales as it
    /// decodes (video clips); safe from any thread.
    func show(at bound: FrameBound)
    /// Whether the next frame will be drawn where `canvas` shows its rows as they become final
    /// (`GrowingCanvas`; the caller finishes it once `nextFrame` returns).
    func drawsNextFrame(showing canvas: GrowingCanvas) -> Bool
    /// The next frame while another thread still draws it: its rows as they become final. Nil
    /// where there is no such frame (the default).
    var growingFrame: GrowingCanvas? { get }
}

extension FrameSource {
    public var expectedFrameCount: Int? { frameCount }
    public func countFramesInAdvance(budget: Int) {}
    public var hasMoreFrames: Bool { false }
    public func skipFrame() -> Duration? { nil }
    public func show(at bound: FrameBound) {}
    public func drawsNextFrame(showing canvas: GrowingCanvas) -> Bool { false }
    public var growingFrame: GrowingCanvas? { nil }

    /// Decodes the next `count` frames and returns the last of them, with how many there were
    /// (fewer where the pass ends: the last frame decoded). Each earlier frame is let go before
    /// the next decode when another surely follows, so a large canvas is not copied for it
    /// (copy-on-write); the one decoded last is kept in case the pass ends after it. Where
    /// "decode again up to frame N" is needed: `--frame N`, a resize after the canvas was let go.
    public func decodeFrames(_ count: Int) throws(DecodeError) -> (last: Frame?, decoded: Int) {
        var last: Frame? = nil
        var decoded = 0
        while decoded < count {
            if hasMoreFrames { last = nil }
            guard let frame = try nextFrame() else { break }
            last = frame
            decoded += 1
        }
        return (last, decoded)
    }
}

extension AnimatedImage: FrameSource {}
