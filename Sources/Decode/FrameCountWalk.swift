/// Where a walk over a file for its frame count stands (`FrameDecoder.countFrames`): still
/// going, or done with the count (nil: the file does not tell it).
public enum FrameCountWalk: Equatable, Sendable {
    case walking
    case done(Int?)
}
