internal import CAVIF
internal import CCodecLoader
internal import CQuietLibraries

/// AVIF, still or an image sequence, through libavif: one AV1 frame decoded at a time and
/// converted to 8-bit RGBA by libavif itself (`avifImageYUVToRGB`: any depth, subsampling and
/// range, its matrix coefficients; alpha made straight when it was premultiplied). The file is
/// mapped. `irot`/`imir` are applied as browsers do, and the colour: an ICC profile, or the nclx
/// box's primaries, with PQ and HLG tone-mapped for an SDR screen (`HDRToneCurve`); the clean
/// aperture (`clap`) is not.
///
/// libavif 0.11 reads no repetition count: a sequence has none here (`loopCount` nil) and plays
/// forever, as browsers play it.
final class AVIFDecoder: FrameDecoder {
    let format = ImageFormat.avif
    let canvasWidth: Int
    let canvasHeight: Int
    let loopCount: Int? = nil
    let declaredFrameCount: Int?
    let notes: [String] = []
    /// A sequence (several frames): plays forever, since no repetition count is read.
    private let isSequence: Bool

    private let mapping: MappedFile
    private let decoder: UnsafeMutablePointer<avifDecoder>
    /// The ICC profile of its `colr` box, else the colour of its nclx one where not sRGB's.
    let colorProfile: ColorProfile?
    /// libavif's view of the mapped file (see `readMapped`); freed after the decoder.
    private let io: UnsafeMutablePointer<avifIO>
    private let orientation: PixelOrientation
    /// The coded size, before `orientation`.
    private let codedWidth: Int
    private let codedHeight: Int

    /// tview's RGBA canvas, a turned copy, the frame being handed on, libavif's RGB conversion.
    static let canvasesHeld = 4
    /// YUV frames (dav1d's reference frames and the one it decodes) a sequence holds beside
    /// them at worst; a still holds one. Measured with frames of noise, 1024x1024 and 2048x2048:
    /// 4:4:4 12-bit with alpha peaked at 17.5 canvases, 4:2:0 8-bit at 7 (this count says 24 and
    /// 7.75); stills at 3 and 1.5 (6 and 4.4).
    static let framesHeldBySequence = 10

    /// The bytes of one decoded YUV(A) frame a pixel, as libavif and dav1d store it.
    private static func yuvBytesPerPixel(_ image: avifImage, alpha: Bool) -> Double {
        let sampleBytes = image.depth > 8 ? 2.0 : 1.0
        let planes: Double
        switch image.yuvFormat {
        case AVIF_PIXEL_FORMAT_YUV444: planes = 3
        case AVIF_PIXEL_FORMAT_YUV422: planes = 2
        case AVIF_PIXEL_FORMAT_YUV400: planes = 1
        default: planes = 1.5
        }
        return sampleBytes * (planes + (alpha ? 1 : 0))
    }

    init(input: InputFile, limits: DecodeLimits) throws(DecodeError) {
        if let reason = tview_avif_open() { throw .libraryUnavailable(format: .avif, reason: String(cString: reason)) }
        mapping = try input.map()
        guard let decoder = tview_avifDecoderCreate() else {
            throw .library(format: .avif, code: LibraryCode(rawValue: 0), message: "libavif could not allocate")
        }
        self.decoder = decoder
        let io = Self.mappedIO(mapping)
        self.io = io
        // Destroyed on any way out of init; deinit does it after.
        var madeWhole = false
        defer {
            if !madeWhole {
                tview_avifDecoderDestroy(decoder)
                io.deallocate()
            }
        }
        decoder.pointee.maxThreads = 1
        // dav1d: at 480x270 twice as fast as libaom and at a third of its memory (4:4:4 12-bit
        // sequences: 83 MB against 224 MB); CQuietLibraries keeps it from printing.
        decoder.pointee.codecChoice = AVIF_CODEC_CHOICE_DAV1D
        decoder.pointee.ignoreExif = AVIF_TRUE
        decoder.pointee.ignoreXMP = AVIF_TRUE
        // tview's own limit, which is below libavif's; the AV1 decoder is told it too.
        decoder.pointee.imageSizeLimit = UInt32(DecodeLimits.maxPixels)
        // Browsers show files that miss properties the specification requires (an alpha item
        // without `ispe`, no `pixi`); so does tview.
        decoder.pointee.strictFlags = AVIF_STRICT_DISABLED.rawValue
        tview_avifDecoderSetIO(decoder, io)
        let result = tview_avifDecoderParse(decoder)
        guard !mapping.fileShrank else { throw .changedWhileReading(format: .avif) }
        guard result == AVIF_RESULT_OK else { throw Self.failure(result, decoder: decoder) }
        let image = decoder.pointee.image!.pointee
        codedWidth = Int(image.width)
        codedHeight = Int(image.height)
        orientation = Self.orientation(of: image)
        if !limits.convertsColorProfiles {
            colorProfile = nil
        } else if image.icc.size > 0, let data = image.icc.data, image.icc.size <= ColorProfile.largest {
            colorProfile = ColorProfile(icc: Array(UnsafeBufferPointer(start: data, count: image.icc.size)))
        } else {
            colorProfile =
                ColorProfile.hdr(
                    transfer: Int(image.transferCharacteristics), primaries: Int(image.colorPrimaries))
                ?? ColorProfile.nclx(primaries: Int(image.colorPrimaries))
        }
        (canvasWidth, canvasHeight) = orientation.orientedSize(width: codedWidth, height: codedHeight)
        let count = Int(decoder.pointee.imageCount)
        guard count > 0 else { throw .noFrames(format: .avif) }
        let frames = Double(count > 1 ? Self.framesHeldBySequence : 1)
        let yuvBytes =
            Double(codedWidth * codedHeight) * frames
            * Self.yuvBytesPerPixel(image, alpha: decoder.pointee.alphaPresent != 0)
        try limits.checkMemory(
            width: codedWidth, height: codedHeight, canvases: Self.canvasesHeld,
            alsoBytes: mapping.count + Int(yuvBytes.rounded(.up)), format: .avif)
        declaredFrameCount = count
        isSequence = count > 1
        madeWhole = true
    }

    deinit {
        tview_avifDecoderDestroy(decoder)
        io.deallocate()
    }

    /// An avifIO over the mapped file that lets a file cut short play the frames it holds:
    /// libavif's memory reader states the file's size, and a box reaching past it (the media data
    /// of a sequence cut short) fails the whole file when it is parsed. This one states no size,
    /// reads to the end of what there is and answers a read past it with no bytes, so the
    /// headers parse and each frame whose data is missing fails alone (truncated).
    private static func mappedIO(_ mapping: MappedFile) -> UnsafeMutablePointer<avifIO> {
        let io = UnsafeMutablePointer<avifIO>.allocate(capacity: 1)
        io.initialize(to: avifIO())
        io.pointee.read = readMapped
        io.pointee.sizeHint = 0
        // The bytes stay where they are for the decoder's life: libavif need not copy them.
        io.pointee.persistent = AVIF_TRUE
        io.pointee.data = UnsafeMutableRawPointer(Unmanaged.passUnretained(mapping).toOpaque())
        return io
    }

    private static let readMapped: avifIOReadFunc = { io, _, offset, size, out in
        guard let io, let out, let context = io.pointee.data else { return AVIF_RESULT_IO_ERROR }
        let mapping = Unmanaged<MappedFile>.fromOpaque(context).takeUnretainedValue()
        let start = Int(clamping: min(offset, UInt64(mapping.count)))
        out.pointee.data = mapping.address.assumingMemoryBound(to: UInt8.self) + start
        out.pointee.size = min(size, mapping.count - start)
        return AVIF_RESULT_OK
    }

    /// Every frame's duration from the container's sample table; nothing is decoded.
    var declaredDurations: [Duration]? {
        guard let count = declaredFrameCount else { return nil }
        var durations: [Duration] = []
        var timing = avifImageTiming()
        for index in 0..<count {
            guard tview_avifDecoderNthImageTiming(decoder, UInt32(index), &timing) == AVIF_RESULT_OK else { return nil }
            durations.append(duration(seconds: timing.duration))
        }
        return durations
    }

    func rewind() throws(DecodeError) {
        guard !mapping.fileShrank else { throw .changedWhileReading(format: .avif) }
        let result = tview_avifDecoderReset(decoder)
        guard result == AVIF_RESULT_OK else { throw Self.failure(result, decoder: decoder) }
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        let result = tview_avifDecoderNextImage(decoder)
        guard !mapping.fileShrank else { throw .changedWhileReading(format: .avif) }
        if result == AVIF_RESULT_NO_IMAGES_REMAINING { return nil }
        guard result == AVIF_RESULT_OK, let image = decoder.pointee.image else {
            throw Self.failure(result, decoder: decoder)
        }
        // The AV1 payload may disagree with the container's size; the budget was checked for that.
        guard Int(image.pointee.width) == codedWidth, Int(image.pointee.height) == codedHeight else {
            throw .corrupt(
                format: .avif,
                detail:
                    "a frame is \(image.pointee.width)x\(image.pointee.height), the image \(codedWidth)x\(codedHeight)")
        }
        let count = codedWidth * codedHeight
        var conversion = AVIF_RESULT_OK
        let pixels = [RGBA](unsafeUninitializedCapacity: count) { buffer, initialized in
            var rgb = avifRGBImage()
            tview_avifRGBImageSetDefaults(&rgb, image)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            rgb.alphaPremultiplied = AVIF_FALSE
            rgb.rowBytes = UInt32(codedWidth * 4)
            rgb.pixels = UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UInt8.self)
            conversion = tview_avifImageYUVToRGB(image, &rgb)
            // On failure the pixels are not looked at; RGBA has no invalid bit pattern.
            initialized = count
        }
        guard conversion == AVIF_RESULT_OK else { throw Self.failure(conversion, decoder: decoder) }
        var picture = RGBAImage(width: codedWidth, height: codedHeight, pixels: pixels)
        // Given up, so it is converted in place, not copied (3.7 MB a frame at 720p).
        if let colorProfile { picture = colorProfile.convert(consume picture) }
        return Frame(
            image: orientation.apply(to: picture), duration: duration(seconds: decoder.pointee.imageTiming.duration))
    }

    /// A frame's duration as it plays; a still shows as a still PNG does (libavif gives it a second).
    private func duration(seconds: Double) -> Duration {
        isSequence ? FrameDelay.playable(seconds: seconds) : FrameDelay.playable(.zero)
    }

    private static func orientation(of image: avifImage) -> PixelOrientation {
        var orientation = PixelOrientation.upright
        if image.transformFlags & AVIF_TRANSFORM_IROT.rawValue != 0 {
            orientation.quarterTurns = Int(image.irot.angle & 3)
        }
        if image.transformFlags & AVIF_TRANSFORM_IMIR.rawValue != 0 {
            orientation.flipsVertically = image.imir.mode == 0
            orientation.flipsHorizontally = image.imir.mode == 1
        }
        return orientation
    }

    /// libavif's result as a DecodeError, with its detailed diagnostics where it left any.
    private static func failure(_ result: avifResult, decoder: UnsafeMutablePointer<avifDecoder>) -> DecodeError {
        let name = String(cString: tview_avifResultToString(result))
        let detail = withUnsafeBytes(of: decoder.pointee.diag.error) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let text = detail.isEmpty ? name : "\(name): \(detail)"
        switch result {
        case AVIF_RESULT_TRUNCATED_DATA:
            return .truncated(format: .avif, what: text)
        case AVIF_RESULT_OUT_OF_MEMORY:
            return .library(format: .avif, code: LibraryCode(rawValue: Int(result.rawValue)), message: text)
        default:
            return .corrupt(format: .avif, detail: text)
        }
    }
}
