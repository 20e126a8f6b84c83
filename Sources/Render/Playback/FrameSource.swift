public import Decode

/// What the player plays: a sequential cursor over composited frames. `AnimatedImage` is one;
/// tests use synthetic sources.
public protocol FrameSource: AnyObject {
    /// The name shown in the status line and in messages.
    var name: String { get }
    /// Known after one full pass for GIF.
    var frameCount: Int? { get }
    /// How many times the animation plays as its file says; nil means forever.
    var totalPlays: Int? { get }
    func nextFrame() throws(DecodeError) -> Frame?
    func rewind() throws(DecodeError)
    /// True when the file holds another frame after the one last returned in this pass (false
    /// when not known): the player then lets go of a skipped frame's canvas before the next decode.
    var hasMoreFrames: Bool { get }
}

extension FrameSource {
    public var hasMoreFrames: Bool { false }
}

extension AnimatedImage: FrameSource {}
