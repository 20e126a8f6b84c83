/// One fully composited frame: the whole canvas as it should look, and how long it shows.
public struct Frame: Sendable, Equatable {
    /// The canvas after this frame was drawn onto it.
    public var image: RGBAImage
    /// The playable duration (after `FrameDelay.playable`).
    public var duration: Duration
    /// Tells this frame from every other decoded in the process (0: not numbered).
    public var serial: UInt64
    /// Where the canvas changed since the frame before it in the same pass; nil when unknown
    /// (the first frame of a pass, a synthetic frame): then all of it may have.
    public var change: CanvasChange?

    public init(image: RGBAImage, duration: Duration, serial: UInt64 = 0, change: CanvasChange? = nil) {
        self.image = image
        self.duration = duration
        self.serial = serial
        self.change = change
    }
}
