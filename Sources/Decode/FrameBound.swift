/// The largest frame, in pixels, a decoder that can scale while it decodes (video clips) need
/// produce: about what the picture is shown at. Frames are scaled to fit within it, never
/// enlarged. A text picture's frames may have pixels of another shape than square
/// (`pixelAspect`): as many across and down as its cells read (`GridRenderer.decodeBound`).
public struct FrameBound: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// How much taller than wide a frame pixel is shown (1: square).
    public var pixelAspect: Double

    public init(width: Int, height: Int, pixelAspect: Double = 1) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.pixelAspect = pixelAspect > 0 && pixelAspect.isFinite ? pixelAspect : 1
    }
}
