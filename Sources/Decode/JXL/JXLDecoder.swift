internal import CJXL
internal import CCodecLoader
internal import CQuietLibraries

/// JPEG XL, still or animated, through libjxl's decoder fed the whole mapped file, one frame at a
/// time, in 8-bit RGBA with straight alpha. An animation's layers are blended by tview
/// (`JXLCompositor`); stills, turned pictures and files with extra channels beside alpha come
/// coalesced by libjxl (every frame the whole canvas, blended as the file says). Colour ends in
/// sRGB (`JXLColorProfile`): libjxl makes lossy (XYB) files so, lcms2 converts the others from
/// the profile they name. Orientation is applied by libjxl. An animation's frame count and
/// durations come from a pass over its frame headers when it is opened (`JXLFramePlan`), and
/// where every frame stands alone a player behind its time passes over frames undecoded.
final class JXLDecoder: FrameDecoder {
    let format = ImageFormat.jxl
    let canvasWidth: Int
    let canvasHeight: Int
    let loopCount: Int?
    let declaredFrameCount: Int?
    let notes: [String] = []
    /// The space the frames are converted from (nil: they are sRGB), or the one libjxl made a
    /// lossy file's sRGB from (named, nothing to apply).
    let colorProfile: ColorProfile?

    private let mapping: MappedFile
    private let decoder: OpaquePointer
    private let limits: DecodeLimits
    /// One colour channel: libjxl's sRGB for it is grey.
    private let grey: Bool
    /// libjxl's thread pool, one thread a processor, for pictures of more than 512x512 pixels
    /// (nil for smaller ones, on one processor, or without libjxl_threads): a 1280x720 lossless
    /// animation frame took 155 ms on one thread, 82 ms on two. A smaller picture has few of
    /// libjxl's 256x256 groups to share out, and its threads' buffers cost more than they save
    /// (med.jxl, 480x270: 4 MB more at its peak, and on time either way). Made when the first
    /// frame is decoded, not when the file is opened: a session opens every file it is given
    /// before it plays one.
    private var runner: UnsafeMutableRawPointer?
    /// The threads the pool is to have (0: none), and whether it was tried.
    private let poolThreads: Int
    private var poolTried = false
    /// The threads of `runner` (0 without one).
    var threads: Int { runner == nil ? 0 : poolThreads }

    /// How many threads libjxl's pool gets for a `width` × `height` picture on `processors`
    /// (0: no pool).
    static func poolSize(width: Int, height: Int, processors: Int) -> Int {
        processors > 1 && width * height > 512 * 512 ? min(processors, 8) : 0
    }
    /// Seconds a tick lasts, as a fraction (the animation header's tps_denominator over its
    /// tps_numerator); nil for a still.
    private let tick: (numerator: Int, denominator: Int)?
    /// The current frame's duration in ticks, from its header.
    private var frameTicks = 0
    /// The frame last returned is not the file's last (its header says so).
    private(set) var imageFollows = false
    /// The file's end was reached in this pass.
    private var ended = false
    /// Blends an animation's layers, where libjxl does not (nil: libjxl coalesces).
    private var compositor: JXLCompositor?
    /// Whether tview blends the layers (an animation it can blend).
    var blendsLayers: Bool { compositor != nil }
    /// The current layer, from its frame header.
    private var layer: JXLLayer?
    /// An animation's frames as their headers say them (nil: a still, or headers that did not
    /// read to the last frame).
    private let plan: JXLFramePlan?
    /// Frames returned or passed over in this pass.
    private var framesPassed = 0
    /// Where the frame last returned differs from the one before it (nil: unknown).
    private(set) var lastChange: PixelRect?

    /// What libjxl and tview hold at worst, in canvases (4 bytes a pixel), beside the mapped file:
    /// libjxl keeps lossy (XYB) pictures in 32-bit floats, and animations keep frames for
    /// blending. Measured with noise with alpha, 1024x1024 and 2048x2048: lossless stills 1.2,
    /// lossy stills 8.5, lossless animations 10, lossy animations 19.
    static func canvasesHeld(animated: Bool, lossless: Bool) -> Int {
        switch (animated, lossless) {
        case (false, true): return 2
        case (false, false): return 9
        case (true, true): return 11
        case (true, false): return 20
        }
    }

    /// `blendsLayers`: an animation's layers are blended by tview where it can (false: libjxl
    /// coalesces every file, the reference the tests compare with).
    init(input: InputFile, limits: DecodeLimits, blendsLayers: Bool = true) throws(DecodeError) {
        if let reason = tview_jxl_open() { throw .libraryUnavailable(format: .jxl, reason: String(cString: reason)) }
        mapping = try input.map()
        self.limits = limits
        guard let decoder = tview_JxlDecoderCreate(nil) else {
            throw .library(format: .jxl, code: LibraryCode(rawValue: 0), message: "libjxl could not allocate")
        }
        self.decoder = decoder
        // Destroyed on any way out of init; deinit does it after.
        var madeWhole = false
        defer { if !madeWhole { tview_JxlDecoderDestroy(decoder) } }
        guard tview_JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) == JXL_DEC_SUCCESS else {
            throw .library(format: .jxl, code: LibraryCode(rawValue: 0), message: "libjxl refused its settings")
        }
        try Self.start(decoder, mapping: mapping)
        var info = JxlBasicInfo()
        try Self.process(decoder, mapping: mapping, until: JXL_DEC_BASIC_INFO, what: "its header")
        guard tview_JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
            throw .corrupt(format: .jxl, detail: "libjxl read no image header")
        }
        let width = Int(info.xsize)
        let height = Int(info.ysize)
        let grey = info.num_color_channels == 1
        self.grey = grey
        poolThreads = Self.poolSize(width: width, height: height, processors: ProcessorCount.online)
        // Orientations 5 to 8 exchange the sides; libjxl turns the picture itself.
        let transposed = info.orientation.rawValue >= JXL_ORIENT_TRANSPOSE.rawValue
        (canvasWidth, canvasHeight) = transposed ? (height, width) : (width, height)
        try limits.checkMemory(
            width: width, height: height,
            canvases: Self.canvasesHeld(animated: info.have_animation != 0, lossless: info.uses_original_profile != 0),
            alsoBytes: mapping.count, format: .jxl)
        if info.have_animation != 0, info.animation.tps_numerator > 0, info.animation.tps_denominator > 0 {
            tick = (Int(info.animation.tps_numerator), Int(info.animation.tps_denominator))
            loopCount = Int(info.animation.num_loops)
            plan = JXLFramePlan.read(
                UnsafeRawBufferPointer(start: mapping.address, count: mapping.count), width: width, height: height,
                hasAlpha: info.alpha_bits > 0)
            declaredFrameCount = plan?.durations.count
            // The headers' pages, each mapped with its neighbours (the kernel's fault-around: 7 MB
            // for the 120 frames of a 48 MB file), are given back: frames read them again.
            mapping.releasePages(before: mapping.count)
            mapping.readsFromStart()
        } else {
            tick = nil
            loopCount = nil
            plan = nil
            declaredFrameCount = 1
        }
        // Turned pictures (libjxl turns the layers, not their places), other extra channels and
        // premultiplied alpha (other rules for adding and multiplying) are left to libjxl.
        if blendsLayers, info.have_animation != 0, info.orientation == JXL_ORIENT_IDENTITY,
            info.num_extra_channels == (info.alpha_bits > 0 ? 1 : 0), info.alpha_premultiplied == 0
        {
            compositor = JXLCompositor(width: width, height: height, hasAlpha: info.alpha_bits > 0)
        }
        // The colour comes before any frame: known to --info before a frame is decoded.
        try Self.process(decoder, mapping: mapping, until: JXL_DEC_COLOR_ENCODING, what: "its colour encoding")
        JXLColorProfile.preferSRGB(decoder, grey: grey)
        colorProfile = limits.convertsColorProfiles ? JXLColorProfile.profile(of: decoder) : nil
        madeWhole = true
    }

    deinit {
        tview_JxlDecoderDestroy(decoder)
        tview_jxl_runner_destroy(runner)
    }

    func rewind() throws(DecodeError) {
        guard !mapping.fileShrank else { throw .changedWhileReading(format: .jxl) }
        tview_JxlDecoderRewind(decoder)
        ended = false
        imageFollows = false
        compositor?.reset()
        lastChange = nil
        framesPassed = 0
        try start()
    }

    /// libjxl's thread pool and the end of its coalescing, before the first frame: both can be
    /// set only before the first input, so the decoder starts again from the file's start.
    private func startPool() throws(DecodeError) {
        poolTried = true
        if poolThreads > 0, let runner = tview_jxl_runner_create(poolThreads) {
            self.runner = runner
            tview_JxlDecoderRewind(decoder)
            guard tview_jxl_runner_set(decoder, runner) == JXL_DEC_SUCCESS else {
                throw .library(format: .jxl, code: LibraryCode(rawValue: 0), message: "libjxl refused its threads")
            }
        } else if compositor != nil {
            tview_JxlDecoderRewind(decoder)
        } else {
            return
        }
        try start()
    }

    /// Reads from the file's start, its layers uncoalesced where tview blends them.
    private func start() throws(DecodeError) {
        if compositor != nil, tview_JxlDecoderSetCoalescing(decoder, JXL_FALSE) != JXL_DEC_SUCCESS {
            throw .library(
                format: .jxl, code: LibraryCode(rawValue: 0), message: "libjxl refused to leave layers apart")
        }
        try Self.start(decoder, mapping: mapping)
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        if !poolTried { try startPool() }
        guard compositor != nil else {
            guard try nextImage() else { return nil }
            let image = RGBAImage(width: canvasWidth, height: canvasHeight, pixels: try coalescedPixels())
            framesPassed += 1
            return Frame(image: inSRGB(image), duration: duration())
        }
        do throws(DecodeError) {
            // Layers until one is shown.
            while try nextImage() {
                guard let layer else { throw .corrupt(format: .jxl, detail: "libjxl gave a layer without its header") }
                // Worked on in place (`compositor!`): a copy would hold the slot the canvas is
                // taken from, and writing the canvas would then copy all of it.
                var canvas = compositor!.canvas(below: layer)
                try canvas.values.withUnsafeMutableBufferPointer { (values) throws(DecodeError) in
                    precondition(values.count == canvasWidth * canvasHeight * 4, "a canvas not the image's size")
                    try blend(layer, with: compositor!, into: values.baseAddress!)
                }
                guard let shown = compositor!.place(canvas, layer: layer) else { continue }
                lastChange = shown.changed
                framesPassed += 1
                let image = RGBAImage(width: canvasWidth, height: canvasHeight, pixels: shown.pixels)
                return Frame(image: inSRGB(image), duration: duration())
            }
            return nil
        } catch {
            // The saved canvases may be half made: nothing more of this pass.
            ended = true
            compositor?.reset()
            throw error
        }
    }

    /// A frame's pixels in sRGB, converted where they lie (`image` is the frame's own: layers
    /// are blended in the file's space, before this).
    private func inSRGB(_ image: consuming RGBAImage) -> RGBAImage {
        guard let colorProfile, colorProfile.isApplied else { return image }
        return colorProfile.convert(consume image)
    }

    /// Runs libjxl up to where it wants somewhere to put the next frame's (or layer's) pixels:
    /// false at the file's end.
    private func nextImage() throws(DecodeError) -> Bool {
        guard !ended else { return false }
        frameTicks = 0
        layer = nil
        return try advance(stoppingAt: JXL_DEC_NEED_IMAGE_OUT_BUFFER)
    }

    /// A coalesced frame's pixels (the whole canvas), in 8-bit RGBA.
    private func coalescedPixels() throws(DecodeError) -> [RGBA] {
        let count = canvasWidth * canvasHeight
        var pixelFormat = Self.pixelFormat
        var size = 0
        guard tview_JxlDecoderImageOutBufferSize(decoder, &pixelFormat, &size) == JXL_DEC_SUCCESS, size == count * 4
        else {
            throw .corrupt(format: .jxl, detail: "a frame is not the size its header gives")
        }
        var failure: DecodeError?
        let pixels = [RGBA](unsafeUninitializedCapacity: count) { buffer, initialized in
            // libjxl writes the frame here before it reports it whole, all within this closure.
            do throws(DecodeError) {
                guard
                    tview_JxlDecoderSetImageOutBuffer(decoder, &pixelFormat, buffer.baseAddress, size)
                        == JXL_DEC_SUCCESS
                else { throw .corrupt(format: .jxl, detail: "libjxl refused the frame buffer") }
                try finishImage()
            } catch {
                failure = error
            }
            // On failure the pixels are not looked at; RGBA has no invalid bit pattern.
            initialized = count
        }
        if let failure { throw failure }
        try moveInputPastFrame()
        return pixels
    }

    /// Decodes `layer`, blending its rows into `canvas` as libjxl hands them over (from its
    /// threads, on different pixels), in floats: a lossy file's values may lie outside 0...1,
    /// and libjxl blends them so. No buffer of the layer's own is made.
    private func blend(_ layer: JXLLayer, with compositor: JXLCompositor, into canvas: UnsafeMutablePointer<UInt16>)
        throws(DecodeError)
    {
        let run = JXLLayerBlend(compositor: compositor, layer: layer, canvas: canvas)
        var pixelFormat = Self.floatFormat
        let context = Unmanaged.passUnretained(run).toOpaque()
        guard
            tview_JxlDecoderSetImageOutCallback(decoder, &pixelFormat, JXLLayerBlend.callback, context)
                == JXL_DEC_SUCCESS
        else { throw .corrupt(format: .jxl, detail: "libjxl refused to hand over a layer's rows") }
        try withExtendedLifetime(run) { () throws(DecodeError) in try finishImage() }
        try moveInputPastFrame()
    }

    /// Runs libjxl until the image whose output was just set is whole.
    private func finishImage() throws(DecodeError) {
        do throws(DecodeError) {
            guard try advance(stoppingAt: JXL_DEC_FULL_IMAGE) else {
                throw .truncated(format: .jxl, what: "the file ends inside a frame")
            }
        } catch {
            // The output is libjxl's no more: a failed decoder is only rewound or destroyed.
            ended = true
            throw error
        }
    }

    /// The input starts again where libjxl stopped reading (it copies whatever it still needs
    /// of what came before), and the file's pages before that are given back: read once, a
    /// mapped file's pages otherwise stay resident, all 4.8 MB of med.jxl by the end of a loop.
    private func moveInputPastFrame() throws(DecodeError) {
        // Every input given ends at the file's end: what remains of it starts here.
        let remaining = tview_JxlDecoderReleaseInput(decoder)
        let inputStart = mapping.count - remaining
        mapping.releasePages(before: inputStart)
        let input = mapping.address.assumingMemoryBound(to: UInt8.self) + inputStart
        guard tview_JxlDecoderSetInput(decoder, input, remaining) == JXL_DEC_SUCCESS else {
            throw .library(format: .jxl, code: LibraryCode(rawValue: 0), message: "libjxl refused the input")
        }
    }

    /// 8-bit RGBA, whatever the file holds (greyscale is widened, a missing alpha made opaque).
    private static let pixelFormat = JxlPixelFormat(
        num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
    /// RGBA in 32-bit floats, for layers tview blends.
    private static let floatFormat = JxlPixelFormat(
        num_channels: 4, data_type: JXL_TYPE_FLOAT, endianness: JXL_NATIVE_ENDIAN, align: 0)

    /// Runs libjxl until it reports `wanted` (true) or the file's end (false), taking the events
    /// on the way: the colour encoding (asked for sRGB again), each frame's header (its duration).
    private func advance(stoppingAt wanted: JxlDecoderStatus) throws(DecodeError) -> Bool {
        while true {
            let status = tview_JxlDecoderProcessInput(decoder)
            guard !mapping.fileShrank else { throw .changedWhileReading(format: .jxl) }
            switch status {
            case wanted:
                return true
            case JXL_DEC_SUCCESS:
                ended = true
                return false
            case JXL_DEC_COLOR_ENCODING:
                // Again after a rewind: asked as when the file was opened.
                JXLColorProfile.preferSRGB(decoder, grey: grey)
            case JXL_DEC_FRAME:
                var header = JxlFrameHeader()
                if tview_JxlDecoderGetFrameHeader(decoder, &header) == JXL_DEC_SUCCESS {
                    frameTicks = Int(header.duration)
                    imageFollows = header.is_last == 0
                    if compositor != nil { layer = try layer(of: header) }
                }
            case JXL_DEC_BASIC_INFO:
                // Again after a rewind: known already.
                continue
            default:
                throw Self.failure(status, what: "a frame")
            }
        }
    }

    /// A layer as its frame header describes it, with its alpha's blending. Its size is held to
    /// the memory budget (it may be larger than the canvas, but not without limit).
    private func layer(of header: JxlFrameHeader) throws(DecodeError) -> JXLLayer {
        let info = header.layer_info
        // libjxl holds the layer in floats: 16 bytes a pixel.
        try limits.checkMemory(
            width: Int(info.xsize), height: Int(info.ysize), canvases: 4, alsoBytes: mapping.count, format: .jxl)
        var alpha = JXLBlending.replace
        if compositor?.hasAlpha == true {
            var blendInfo = JxlBlendInfo()
            guard tview_JxlDecoderGetExtraChannelBlendInfo(decoder, 0, &blendInfo) == JXL_DEC_SUCCESS else {
                throw .corrupt(format: .jxl, detail: "libjxl gives no blending for the alpha of a layer")
            }
            alpha = Self.blending(blendInfo)
        }
        let shown = header.duration > 0 || header.is_last != 0
        // A shown frame saved as 0 is not kept: the format's way to say no frame refers to it.
        let kept = header.is_last == 0 && (!shown || info.save_as_reference != 0)
        return JXLLayer(
            rect: PixelRect(
                x: Int(info.crop_x0), y: Int(info.crop_y0), width: Int(info.xsize), height: Int(info.ysize)),
            color: Self.blending(info.blend_info), alpha: alpha, savedAs: kept ? Int(info.save_as_reference & 3) : nil,
            shown: shown, last: header.is_last != 0)
    }

    private static func blending(_ info: JxlBlendInfo) -> JXLBlending {
        let mode: JXLBlending.Mode =
            switch info.blendmode {
            case JXL_BLEND_ADD: .add
            case JXL_BLEND_BLEND: .blend
            case JXL_BLEND_MULADD: .mulAdd
            case JXL_BLEND_MUL: .mul
            default: .replace
            }
        return JXLBlending(mode: mode, source: Int(info.source & 3), clamp: info.clamp != 0)
    }

    /// Passes over the next frame undecoded where every frame stands alone (`JXLFramePlan`):
    /// libjxl then jumps over its data. Its duration; nil where a frame needs the ones before it
    /// (each must be decoded), without a plan, or past the last frame.
    func skipFrame() -> Duration? {
        guard poolTried, !ended, let plan, plan.framesStandAlone, framesPassed < plan.durations.count else {
            return nil
        }
        tview_JxlDecoderSkipFrames(decoder, 1)
        framesPassed += 1
        return duration(ticks: plan.durations[framesPassed - 1])
    }

    /// The frame just decoded's duration as it plays (0 or a still's: as GIF's unset delay).
    private func duration() -> Duration {
        duration(ticks: frameTicks)
    }

    private func duration(ticks: Int) -> Duration {
        guard let tick else { return FrameDelay.playable(.zero) }
        return FrameDelay.playable(seconds: Double(ticks) * Double(tick.denominator) / Double(tick.numerator))
    }

    /// Points libjxl at the whole mapped file (it copies nothing) and says which events tview takes.
    /// The input is not closed: libjxl then says it needs more where the data ends early, which
    /// tells a file cut short from a corrupt one (a closed input makes both an error).
    private static func start(_ decoder: OpaquePointer, mapping: MappedFile) throws(DecodeError) {
        // Read from the start again: the pages given back come back as they are read.
        mapping.readsFromStart()
        let events =
            JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FRAME.rawValue
            | JXL_DEC_FULL_IMAGE.rawValue
        guard tview_JxlDecoderSubscribeEvents(decoder, CInt(events)) == JXL_DEC_SUCCESS,
            tview_JxlDecoderSetInput(decoder, mapping.address.assumingMemoryBound(to: UInt8.self), mapping.count)
                == JXL_DEC_SUCCESS
        else {
            throw .library(format: .jxl, code: LibraryCode(rawValue: 0), message: "libjxl refused the input")
        }
    }

    /// Runs libjxl until it reports `event`, before any frame (the basic info, the colour).
    private static func process(
        _ decoder: OpaquePointer, mapping: MappedFile, until event: JxlDecoderStatus, what: String
    ) throws(DecodeError) {
        let status = tview_JxlDecoderProcessInput(decoder)
        guard !mapping.fileShrank else { throw .changedWhileReading(format: .jxl) }
        guard status == event else { throw failure(status, what: what) }
    }

    /// libjxl says only that it failed (0.7 has no message): what tview was reading, and whether
    /// the data ran out.
    private static func failure(_ status: JxlDecoderStatus, what: String) -> DecodeError {
        switch status {
        case JXL_DEC_NEED_MORE_INPUT:
            return .truncated(format: .jxl, what: "the file ends inside \(what)")
        case JXL_DEC_ERROR:
            return .corrupt(format: .jxl, detail: "libjxl cannot decode \(what)")
        default:
            return .corrupt(format: .jxl, detail: "libjxl stopped at event \(status.rawValue) in \(what)")
        }
    }
}
