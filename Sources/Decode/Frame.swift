/// One fully composited frame: the whole canvas as it should look, and how long it shows.
public struct Frame: Sendable, Equatable {
    /// The canvas after this frame was drawn onto it.
    public var image: RGBAImage
    /// The playable duration (after `FrameDelay.playable`).
    public var duration: Duration

    public init(image: RGBAImage, duration: Duration) {
        self.image = image
        self.duration = duration
    }
}
