/// A frame of a file being played: the file's place in the list, the frame's number in it, and
/// the layout generation (a resize makes every picture anew).
public struct FrameIdentity: Sendable, Hashable {
    public var file: Int
    public var index: Int
    public var generation: Int

    public init(file: Int, index: Int, generation: Int = 0) {
        self.file = file
        self.index = index
        self.generation = generation
    }
}
