/// The largest frame, in pixels, a decoder that can scale while it decodes (video clips) need
/// produce: about what the picture is shown at. Frames are scaled to fit within it, never
/// enlarged.
public struct FrameBound: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }
}
