internal import CWebP

/// An animated WebP, through libwebp's animation decoder (it composites frames itself, with the
/// same blend and dispose rules browsers use); stills go to `WebPStillDecoder` (`open`). The file
/// is mapped, not read: libwebp wants it whole and the kernel can page it out again. The
/// animation decoder (and its two canvases) is made at the first frame: the frame count and
/// durations come from the container, so `--info` composites nothing. A frame that does not
/// decode ends the animation there, with a warning, in playing and in `--info` alike.
final class WebPDecoder: FrameDecoder {
    let format = ImageFormat.webp
    let canvasWidth: Int
    let canvasHeight: Int
    let loopCount: Int?
    let declaredFrameCount: Int?
    private(set) var notes: [String] = []
    let colorProfile: ColorProfile?
    /// A frame after the first did not decode: the animation ends before it.
    private(set) var dataEndedEarly = false

    private let mapping: MappedFile
    private var data: WebPData
    /// Made at the first frame.
    private var decoder: OpaquePointer?
    /// The container, for each frame's rectangle and disposal (the animation decoder says neither).
    private let demuxer: OpaquePointer
    private var previousTimestamp: CInt = 0
    /// The canvas as tview keeps it: only what a frame changed is copied from libwebp's.
    private var canvas: RGBAImage?
    private var frameNumber = 0
    /// The rectangle the previous frame is disposed of before the next is drawn.
    private var pendingDisposal = PixelRect.empty
    /// Where the last frame changed the canvas; not known once the frames are turned.
    var lastChange: PixelRect? { orientation.isUpright ? storedChange : nil }
    private var storedChange: PixelRect?
    /// The canvas as the file stores it; `canvasWidth` × `canvasHeight` is it shown upright.
    private let storedWidth: Int
    private let storedHeight: Int
    /// What shows the frames upright (the EXIF chunk's orientation).
    private let orientation: PixelOrientation

    /// libwebp's canvas and the previous frame it keeps for disposal, the lossless decoder's
    /// whole-frame pixels, and tview's copy; beside them the mapped file (measured with lossless
    /// frames of noise over the whole canvas: 4.1 canvases and the file).
    static let canvasesHeld = 4

    /// The decoder for the WebP in `input`: `WebPStillDecoder` for a still image (also one cut
    /// short, whose container is incomplete), else this one.
    static func open(input: InputFile, limits: DecodeLimits) throws(DecodeError) -> any FrameDecoder {
        let mapping = try input.map()
        var features = WebPBitstreamFeatures()
        let bytes = mapping.address.assumingMemoryBound(to: UInt8.self)
        let profile =
            limits.convertsColorProfiles
            ? ColorProfile.webpProfile(UnsafeRawBufferPointer(start: mapping.address, count: mapping.count))
                .map { ColorProfile(icc: $0) } : nil
        let orientation = ExifOrientation.orientation(
            ExifOrientation.value(webp: UnsafeRawBufferPointer(start: mapping.address, count: mapping.count)))
        if WebPGetFeatures(bytes, mapping.count, &features) == VP8_STATUS_OK, features.has_animation == 0 {
            return try WebPStillDecoder(
                mapping: mapping, width: Int(features.width), height: Int(features.height), limits: limits,
                colorProfile: profile, orientation: orientation)
        }
        return try WebPDecoder(mapping: mapping, limits: limits, colorProfile: profile, orientation: orientation)
    }

    private init(mapping: MappedFile, limits: DecodeLimits, colorProfile: ColorProfile?, orientation: PixelOrientation)
        throws(DecodeError)
    {
        self.mapping = mapping
        self.colorProfile = colorProfile
        self.orientation = orientation
        data = WebPData(bytes: mapping.address.assumingMemoryBound(to: UInt8.self), size: mapping.count)

        // Look at the container first, so a huge declared canvas is refused before libwebp
        // allocates it.
        guard let demuxer = WebPDemux(&data) else {
            throw .corrupt(format: .webp, detail: "invalid or incomplete WebP container")
        }
        // Kept for the frames' rectangles once the decoder is made; deleted on any way out before.
        var keepsDemuxer = false
        defer { if !keepsDemuxer { WebPDemuxDelete(demuxer) } }
        let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
        let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
        let flags = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS)
        let fileLoopCount = Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT))
        // A turned frame is held once more while it is turned.
        try limits.checkMemory(
            width: width, height: height, canvases: Self.canvasesHeld + (orientation.isUpright ? 0 : 1),
            alsoBytes: mapping.count, format: .webp)
        let frameCount = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
        guard frameCount > 0 else { throw .noFrames(format: .webp) }
        self.demuxer = demuxer
        keepsDemuxer = true
        storedWidth = width
        storedHeight = height
        (canvasWidth, canvasHeight) = orientation.orientedSize(width: width, height: height)
        let animated = flags & UInt32(ANIMATION_FLAG.rawValue) != 0
        loopCount = animated ? fileLoopCount : nil
        declaredFrameCount = frameCount
    }

    deinit {
        if let decoder { WebPAnimDecoderDelete(decoder) }
        WebPDemuxDelete(demuxer)
    }

    /// Each frame's duration as the container states it, played as every frame is, up to the
    /// first frame whose bitstream does not decode (each is decoded alone, into a buffer of its
    /// own size: no canvas). Nil when the first does not: decoding then fails as it will in
    /// playing.
    var declaredDurations: [Duration]? {
        guard let count = declaredFrameCount else { return nil }
        var durations: [Duration] = []
        var scratch: [UInt8] = []
        var iterator = WebPIterator()
        for number in 1...count {
            guard WebPDemuxGetFrame(demuxer, CInt(number), &iterator) != 0 else { return nil }
            defer { WebPDemuxReleaseIterator(&iterator) }
            let stride = Int(iterator.width) * 4
            let size = stride * Int(iterator.height)
            if scratch.count < size { scratch = [UInt8](repeating: 0, count: size) }
            let decodes = scratch.withUnsafeMutableBufferPointer {
                WebPDecodeRGBAInto(iterator.fragment.bytes, iterator.fragment.size, $0.baseAddress, size, CInt(stride))
                    != nil
            }
            guard !mapping.fileShrank else { return nil }
            guard decodes else {
                guard number > 1 else { return nil }
                endEarly(beforeFrame: number)
                break
            }
            durations.append(FrameDelay.playable(.milliseconds(max(Int(iterator.duration), 0))))
        }
        return durations
    }

    /// Frame `number` (after the first) does not decode: the animation ends before it.
    private func endEarly(beforeFrame number: Int) {
        guard !dataEndedEarly else { return }
        dataEndedEarly = true
        notes.append("frame \(number) of \(declaredFrameCount ?? number) does not decode; playing \(number - 1)")
    }

    /// libwebp's animation decoder, made the first time a frame is wanted.
    private func animationDecoder() throws(DecodeError) -> OpaquePointer {
        if let decoder { return decoder }
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw .library(format: .webp, code: LibraryCode(rawValue: 0), message: "libwebp version mismatch")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let made = WebPAnimDecoderNew(&data, &options) else {
            throw .corrupt(format: .webp, detail: "libwebp cannot decode this file")
        }
        decoder = made
        return made
    }

    func rewind() throws(DecodeError) {
        guard !mapping.fileShrank else { throw .changedWhileReading(format: .webp) }
        if let decoder { WebPAnimDecoderReset(decoder) }
        previousTimestamp = 0
        frameNumber = 0
        pendingDisposal = .empty
        storedChange = nil
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        let decoder = try animationDecoder()
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: CInt = 0
        let decoded = WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0
        // Zeros read where the file was cut make no picture worth showing, whatever libwebp made of them.
        guard !mapping.fileShrank else { throw .changedWhileReading(format: .webp) }
        guard decoded, let buffer else {
            let number = frameNumber + 1
            guard number > 1 else {
                throw .corrupt(format: .webp, detail: "frame 1 of \(declaredFrameCount ?? 1) does not decode")
            }
            endEarly(beforeFrame: number)
            return nil
        }
        frameNumber += 1
        // libwebp clears the previous frame's rectangle when it was disposed to the background,
        // then draws this one's (a key frame clears a canvas that is then already clear).
        let drawn = frameRect(frameNumber)
        let change = drawn.map { pendingDisposal.union($0.rect) }
        pendingDisposal = drawn.flatMap { $0.disposesToBackground ? $0.rect : nil } ?? .empty
        // The buffer is libwebp's and only valid until the next call: copy what changed.
        if let change, frameNumber > 1, var image = canvas.take() {
            copy(from: buffer, rect: change, into: &image)
            canvas = image
            storedChange = change
        } else {
            let count = storedWidth * storedHeight
            let pixels = [RGBA](unsafeUninitializedCapacity: count) { destination, initialized in
                UnsafeMutableRawPointer(destination.baseAddress!).copyMemory(from: buffer, byteCount: count * 4)
                initialized = count
            }
            canvas = RGBAImage(width: storedWidth, height: storedHeight, pixels: pixels)
            storedChange = nil
        }
        // Timestamps are when each frame ends; a frame lasts from the previous one's.
        let milliseconds = Int(timestamp) - Int(previousTimestamp)
        previousTimestamp = timestamp
        let shown = orientation.apply(to: colorProfile?.convert(canvas!) ?? canvas!)
        return Frame(image: shown, duration: FrameDelay.playable(.milliseconds(max(milliseconds, 0))))
    }

    /// Frame `number`'s rectangle (clipped to the canvas) and disposal, from the container.
    private func frameRect(_ number: Int) -> (rect: PixelRect, disposesToBackground: Bool)? {
        var iterator = WebPIterator()
        guard WebPDemuxGetFrame(demuxer, CInt(number), &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseIterator(&iterator) }
        let left = min(max(Int(iterator.x_offset), 0), storedWidth)
        let top = min(max(Int(iterator.y_offset), 0), storedHeight)
        let rect = PixelRect(
            x: left, y: top, width: min(Int(iterator.width), storedWidth - left),
            height: min(Int(iterator.height), storedHeight - top))
        return (rect, iterator.dispose_method == WEBP_MUX_DISPOSE_BACKGROUND)
    }

    private func copy(from buffer: UnsafeMutablePointer<UInt8>, rect: PixelRect, into image: inout RGBAImage) {
        let width = storedWidth
        image.pixels.withUnsafeMutableBytes { destination in
            for row in rect.y..<rect.maxY {
                let offset = (row * width + rect.x) * 4
                (destination.baseAddress! + offset).copyMemory(from: buffer + offset, byteCount: rect.width * 4)
            }
        }
    }
}
