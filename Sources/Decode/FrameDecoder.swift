/// What each format's decoder provides: a sequential cursor over composited frames. Sequential
/// because GIF disposal, APNG dispose/blend and libwebp's animation decoder all draw onto the
/// previous canvas. Implementations hold one canvas (plus what disposal needs), never all frames.
protocol FrameDecoder: AnyObject {
    var format: ImageFormat { get }
    var canvasWidth: Int { get }
    var canvasHeight: Int { get }
    /// The picture's own size, upright, where it is decoded smaller than that (a scaled JPEG);
    /// the canvas's elsewhere.
    var pictureSize: (width: Int, height: Int) { get }
    /// The loop count as the file states it (see `AnimatedImage.loopCount`); may become known
    /// only once the first frame has been read (a GIF's NETSCAPE block).
    var loopCount: Int? { get }
    /// The frame count where the container states it and it was checked; nil for GIF.
    var declaredFrameCount: Int? { get }
    /// The frame count worked out in advance where the format states none but its blocks can
    /// be walked without decoding (GIF: `GIFFrameCounter`), about `budget` bytes of the file a
    /// call; `.done(nil)` elsewhere.
    func countFrames(budget: Int) -> FrameCountWalk
    /// Every frame's duration where the container states them all without decoding (WebP);
    /// nil elsewhere.
    var declaredDurations: [Duration]? { get }
    /// True when the decoder filled in what the data did not hold (a JPEG cut short shown with a
    /// grey rest) without failing; a pass that ends on an error says so itself.
    var dataEndedEarly: Bool { get }
    /// Notes about the file that are not errors (an invalid APNG shown as its still image, …).
    var notes: [String] { get }

    /// The next composited frame, or nil after the last one.
    func nextFrame() throws(DecodeError) -> Frame?
    /// Back to before the first frame, with a fresh canvas.
    func rewind() throws(DecodeError)
    /// True when the decoder knows another frame follows the one last returned (GIF reads
    /// ahead to the next image); false when it does not know.
    var imageFollows: Bool { get }
    /// Where the frame last returned changed the canvas left by the one before it; nil when
    /// the decoder does not know (then the whole canvas may have).
    var lastChange: PixelRect? { get }
    /// Where inside `lastChange` the frame wrote, square by square; nil when not known.
    var lastChangedTiles: ChangedTiles? { get }
    /// The embedded colour profile, whose conversion to sRGB the frames have had; nil for none.
    var colorProfile: ColorProfile? { get }
    /// Passes over the next frame for less than `nextFrame` costs: not decoded at all where each
    /// frame stands alone (numbered files), decoded but not made into a picture where the next
    /// frames need it (video clips). Its duration; nil where neither saves anything, or at the end.
    func skipFrame() -> Duration?
    /// From the next frame on, frames no larger than `bound` (a decoder that scales as it
    /// decodes: video clips); may be called from another thread than the one decoding.
    func show(at bound: FrameBound)
    /// Whether the next frame will be drawn row by row where `canvas` lets another thread read
    /// the rows already final (`GrowingCanvas`); false where the decoder cannot (the default).
    func drawsNextFrame(showing canvas: GrowingCanvas) -> Bool
}

extension FrameDecoder {
    var pictureSize: (width: Int, height: Int) { (canvasWidth, canvasHeight) }
    var colorProfile: ColorProfile? { nil }
    func skipFrame() -> Duration? { nil }
    func show(at bound: FrameBound) {}
    func drawsNextFrame(showing canvas: GrowingCanvas) -> Bool { false }
}

extension FrameDecoder {
    var declaredDurations: [Duration]? { nil }
    func countFrames(budget: Int) -> FrameCountWalk { .done(nil) }
    var dataEndedEarly: Bool { false }
    var imageFollows: Bool { false }
    var lastChange: PixelRect? { nil }
    var lastChangedTiles: ChangedTiles? { nil }
}
