/// PNG and APNG. The chunk layout is read once at open (`PNGLayout`); each frame is then rebuilt
/// as a standalone PNG, decoded by libpng and composited (`APNGCompositor`). An APNG that breaks
/// the spec's rules plays as its still image, as the spec asks; a still PNG is one frame. An
/// eXIf chunk's orientation and an iCCP chunk's colour profile are applied to every frame, as
/// browsers do.
final class PNGDecoder: FrameDecoder {
    let format: ImageFormat
    let canvasWidth: Int
    let canvasHeight: Int
    let loopCount: Int?
    let declaredFrameCount: Int?
    let notes: [String]

    private let input: InputFile
    private let layout: PNGLayout
    /// The frames to play: the animation's, or one for the still image.
    private let frames: [APNGFrameRecord]
    private var compositor: APNGCompositor
    private var nextIndex = 0

    /// Where the last frame changed the canvas; not known once the frames are turned.
    var lastChange: PixelRect? { orientation.isUpright ? compositor.changed : nil }
    /// What shows the frames upright (eXIf).
    private let orientation: PixelOrientation
    let colorProfile: ColorProfile?

    /// A still image is libpng's decoded buffer and the canvas made of it; an animation holds the
    /// canvas, a decoded frame (a whole canvas at worst), what DISPOSE_OP_PREVIOUS saves and
    /// libpng's buffer, beside the frame's own PNG stream (`alsoBytes`: at most the file).
    /// Measured with frames of noise over the whole canvas: 2.0 and 4.5 canvases.
    static func canvasesHeld(animated: Bool) -> Int { animated ? 4 : 2 }

    init(input: InputFile, limits: DecodeLimits) throws(DecodeError) {
        self.input = input
        layout = try PNGLayout(input: input)
        orientation = ExifOrientation.orientation(layout.exifOrientation)
        // An iCCP profile; else unless an sRGB chunk says sRGB, gAMA and cHRM as browsers take them.
        colorProfile =
            !limits.convertsColorProfiles
            ? nil
            : layout.iccProfile.map { ColorProfile(icc: $0) }
                ?? (layout.saysSRGB
                    ? nil : ColorProfile.png(gamma: layout.gamma, chromaticities: layout.chromaticities))
        // A turned frame is held once more while it is turned.
        try limits.checkMemory(
            width: layout.width, height: layout.height,
            canvases: Self.canvasesHeld(animated: layout.isAnimated) + (orientation.isUpright ? 0 : 1),
            alsoBytes: layout.isAnimated ? input.size : 0,
            format: layout.isAnimated ? .apng : .png)
        (canvasWidth, canvasHeight) = orientation.orientedSize(width: layout.width, height: layout.height)
        var notes: [String] = []
        if layout.isAnimated {
            format = .apng
            frames = layout.frames
            loopCount = layout.playCount
            declaredFrameCount = layout.truncation == nil ? frames.count : nil
        } else {
            if let reason = layout.invalidAnimationReason {
                notes.append("invalid APNG animation (\(reason)): showing the still image")
            }
            format = layout.playCount != nil ? .apng : .png
            guard !layout.imageChunks.isEmpty else {
                if let truncation = layout.truncation { throw .truncated(format: .png, what: truncation) }
                throw .corrupt(format: .png, detail: "no IDAT chunk")
            }
            let whole = APNGFrameControl.still(width: layout.width, height: layout.height)
            frames = [APNGFrameRecord(control: whole, usesDefaultImage: true, dataChunks: layout.imageChunks)]
            loopCount = nil
            declaredFrameCount = 1
        }
        self.notes = notes
        compositor = APNGCompositor(width: layout.width, height: layout.height)
    }

    func rewind() throws(DecodeError) {
        nextIndex = 0
        compositor.reset()
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        guard nextIndex < frames.count else {
            if nextIndex == frames.count, let truncation = layout.truncation {
                nextIndex += 1
                throw .truncated(format: format, what: truncation)
            }
            return nil
        }
        let record = frames[nextIndex]
        let control = record.control
        var stream = PNGStreamBuilder(header: layout.header, width: control.width, height: control.height)
        for chunk in layout.sharedChunks {
            try stream.appendVerbatim(chunk, from: input)
        }
        for chunk in record.dataChunks {
            if record.usesDefaultImage {
                try stream.appendVerbatim(chunk, from: input)
            } else {
                try stream.appendFrameData(chunk, from: input)
            }
        }
        let pixels = try LibPNG.decode(stream: stream.finish(), width: control.width, height: control.height)
        compositor.draw(pixels, control: control, isFirst: nextIndex == 0)
        nextIndex += 1
        let canvas = colorProfile?.convert(compositor.canvas) ?? compositor.canvas
        return Frame(image: orientation.apply(to: canvas), duration: control.duration)
    }
}
