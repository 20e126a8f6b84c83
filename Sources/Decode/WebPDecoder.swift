internal import CWebP

/// WebP, still or animated, through libwebp's animation decoder (it composites frames itself,
/// with the same blend and dispose rules browsers use). The file is mapped, not read: libwebp
/// wants it whole and the kernel can page it out again.
final class WebPDecoder: FrameDecoder {
    let format = ImageFormat.webp
    let canvasWidth: Int
    let canvasHeight: Int
    let loopCount: Int?
    let declaredFrameCount: Int?
    let notes: [String] = []

    private let mapping: MappedFile
    private let decoder: OpaquePointer
    private var previousTimestamp: CInt = 0

    /// libwebp's canvas and the previous frame it keeps for disposal, and tview's copy.
    static let canvasesHeld = 3

    init(input: InputFile, limits: DecodeLimits) throws(DecodeError) {
        mapping = try input.map()
        var data = WebPData(bytes: mapping.address.assumingMemoryBound(to: UInt8.self), size: mapping.count)

        // Look at the container first, so a huge declared canvas is refused before libwebp
        // allocates it.
        guard let demuxer = WebPDemux(&data) else {
            throw .corrupt(format: .webp, detail: "invalid or incomplete WebP container")
        }
        let width = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH))
        let height = Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
        let flags = WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS)
        let fileLoopCount = Int(WebPDemuxGetI(demuxer, WEBP_FF_LOOP_COUNT))
        WebPDemuxDelete(demuxer)
        try limits.checkMemory(width: width, height: height, canvases: Self.canvasesHeld, format: .webp)

        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw .library(format: .webp, code: LibraryCode(rawValue: 0), message: "libwebp version mismatch")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            throw .corrupt(format: .webp, detail: "libwebp cannot decode this file")
        }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
            WebPAnimDecoderDelete(decoder)
            throw .corrupt(format: .webp, detail: "no animation info")
        }
        self.decoder = decoder
        canvasWidth = width
        canvasHeight = height
        let animated = flags & UInt32(ANIMATION_FLAG.rawValue) != 0
        loopCount = animated ? fileLoopCount : nil
        declaredFrameCount = Int(info.frame_count)
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
    }

    func rewind() throws(DecodeError) {
        WebPAnimDecoderReset(decoder)
        previousTimestamp = 0
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var timestamp: CInt = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
            throw .corrupt(format: .webp, detail: "a frame's bitstream does not decode")
        }
        // The buffer is libwebp's and only valid until the next call: copy it.
        let count = canvasWidth * canvasHeight
        let pixels = [RGBA](unsafeUninitializedCapacity: count) { destination, initialized in
            UnsafeMutableRawPointer(destination.baseAddress!).copyMemory(from: buffer, byteCount: count * 4)
            initialized = count
        }
        // Timestamps are when each frame ends; a frame lasts from the previous one's.
        let milliseconds = Int(timestamp) - Int(previousTimestamp)
        previousTimestamp = timestamp
        let image = RGBAImage(width: canvasWidth, height: canvasHeight, pixels: pixels)
        return Frame(image: image, duration: FrameDelay.playable(.milliseconds(max(milliseconds, 0))))
    }
}
