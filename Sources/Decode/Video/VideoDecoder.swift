internal import CVideo

/// Video clips (MP4/MOV, WebM, Matroska) through FFmpeg, frame by frame in presentation order,
/// each for its own time (`VideoFrameTiming`: to the next frame's timestamp, in microseconds: a
/// 29.97 fps clip is not rounded to whole milliseconds). Frames are scaled while converted to RGBA, to the
/// `DecodeLimits.frameBound` when one is given (decoding at the size shown), or to the bound a
/// player asks for once it knows how the clip is shown (`show(at:)`: for text cells, what their
/// samples need, in pixels that need not be square), with the sample aspect ratio and the
/// rotation the file states applied. Audio is ignored. A clip loops forever, as a GIF without a
/// count does.
final class VideoDecoder: FrameDecoder {
    let format: ImageFormat
    /// The size of the frames coming now (it changes with `show(at:)`).
    var canvasWidth: Int { orientation.orientedSize(width: output.width, height: output.height).width }
    var canvasHeight: Int { orientation.orientedSize(width: output.width, height: output.height).height }
    let loopCount: Int? = nil
    let declaredFrameCount: Int?
    let declaredDurations: [Duration]? = nil
    private(set) var dataEndedEarly = false
    private(set) var notes: [String] = []
    private(set) var imageFollows = false
    let lastChange: PixelRect? = nil

    /// What the clip says of itself (`--info`).
    let details: VideoDetails

    private let input: InputFile
    private let video: OpaquePointer
    /// The picture as shown before any turn (the coded size, widened or narrowed by the sample
    /// aspect ratio), and the turn that makes it upright.
    private let shownWidth: Int
    private let shownHeight: Int
    private let orientation: PixelOrientation
    /// What frames are converted to (before the turn), and how much taller than wide their
    /// pixels are shown once upright.
    private var output: (width: Int, height: Int, pixelAspect: Double)
    /// A bound `show(at:)` asked for, taken up by the next frame (it may come from the player's
    /// thread while a frame decodes on another).
    private let pendingBound = PendingBound()
    private var framesThisPass = 0
    private var timing: VideoFrameTiming

    /// What FFmpeg keeps at worst beside tview's frames, in frame-sized canvases of 4 bytes a
    /// pixel: the reference frames and those in flight on its threads (YUV 4:2:0, 1.5 bytes a
    /// pixel; H.264 keeps up to 16 references).
    static let canvasesHeld = 8
    /// The noise of a lossy codec over parts that stand still (`RGBAImage.codingNoise`): on
    /// bench/'s 720p H.264 clip at 640x360, 51 % of 4x8 blocks change from frame to frame, 38 %
    /// by 3 levels or less at every pixel (x264's residue where nothing moves).
    static let codingNoise: UInt8 = 3

    init(input: InputFile, format: ImageFormat, limits: DecodeLimits) throws(DecodeError) {
        self.format = format
        self.input = input
        var info = tview_video_info()
        var reason = [CChar](repeating: 0, count: 256)
        // No one block of FFmpeg's over a quarter of the memory budget (a file's claimed counts).
        guard
            let video = tview_video_open(
                input.descriptor, Int64(input.size), limits.memoryBudget / 4, &info, &reason, reason.count)
        else {
            let text = String(cBuffer: reason)
            if let loadFailure = tview_video_load() {
                throw .libraryUnavailable(format: format, reason: String(cString: loadFailure))
            }
            throw .corrupt(format: format, detail: text)
        }
        self.video = video
        var madeWhole = false
        defer { if !madeWhole { tview_video_close(video) } }
        timing = VideoFrameTiming(statedFrameTimeMicroseconds: info.frame_time_us)
        let codedWidth = Int(info.coded_width), codedHeight = Int(info.coded_height)
        try limits.checkMemory(width: codedWidth, height: codedHeight, canvases: Self.canvasesHeld, format: format)
        // The sample aspect ratio widens or narrows the frame; the rotation may exchange its sides.
        let aspect = Double(info.sample_aspect_num) / Double(info.sample_aspect_den)
        let shownWidth = max(1, Int((Double(codedWidth) * aspect).rounded()))
        self.shownWidth = shownWidth
        shownHeight = codedHeight
        let turns = Int(info.quarter_turns)
        orientation = PixelOrientation(quarterTurns: (4 - turns) % 4, flipsVertically: false, flipsHorizontally: false)
        let upright = orientation.orientedSize(width: shownWidth, height: codedHeight)
        output = Self.output(
            shownWidth: shownWidth, shownHeight: codedHeight, orientation: orientation, bound: limits.frameBound)
        tview_video_set_output(video, CInt(output.width), CInt(output.height))
        // Only MP4 and MOV state their frame count reliably.
        declaredFrameCount =
            format == .mp4 || format == .mov ? (info.frame_count > 0 ? Int(info.frame_count) : nil) : nil
        details = VideoDetails(
            codec: withUnsafeBytes(of: info.codec) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) },
            width: upright.width, height: upright.height, hasAudio: info.has_audio != 0,
            declaredFrameCount: info.frame_count > 0 ? Int(info.frame_count) : nil)
        madeWhole = true
    }

    deinit {
        tview_video_close(video)
    }

    /// The size frames are converted to (before the turn) for `bound`, and the shape of their
    /// pixels upright: the upright picture scaled to fit the bound, its rows `bound.pixelAspect`
    /// times fewer, but neither side ever more than the clip has (a small clip in a large area
    /// keeps all its rows: square pixels).
    static func output(shownWidth: Int, shownHeight: Int, orientation: PixelOrientation, bound: FrameBound?) -> (
        width: Int, height: Int, pixelAspect: Double
    ) {
        let upright = orientation.orientedSize(width: shownWidth, height: shownHeight)
        guard let bound else { return (shownWidth, shownHeight, 1) }
        let aspect = bound.pixelAspect
        let scale = min(
            Double(bound.width) / Double(upright.width), Double(bound.height) * aspect / Double(upright.height))
        let width = max(1, min(upright.width, Int((Double(upright.width) * scale).rounded())))
        let height = max(1, min(upright.height, Int((Double(upright.height) * scale / aspect).rounded())))
        // Square when asked (as before: no rounding's hair of a difference), else as made.
        let shape = aspect == 1 ? 1 : Double(upright.height * width) / Double(upright.width * height)
        return orientation.quarterTurns % 2 == 1 ? (height, width, shape) : (width, height, shape)
    }

    /// Called when a frame has decoded, before it is converted (tests: a player asking for a
    /// bound at that moment, as it does while the first frame decodes beside the screen's set-up).
    var whenDecoded: (() -> Void)?

    /// How many packets FFmpeg's decoders were given so far: what a frame cost to come out.
    var packetsDecoded: Int { Int(tview_video_packets_decoded(video)) }

    func show(at bound: FrameBound) {
        pendingBound.ask(bound)
    }

    /// The bound `show(at:)` asked for, from this frame on: the converter's size, and a new canvas.
    private func takeBound() {
        guard let bound = pendingBound.take() else { return }
        let next = Self.output(shownWidth: shownWidth, shownHeight: shownHeight, orientation: orientation, bound: bound)
        guard next.width != output.width || next.height != output.height || next.pixelAspect != output.pixelAspect
        else { return }
        output = next
        canvas = nil
        tview_video_set_output(video, CInt(next.width), CInt(next.height))
    }

    /// What frames are converted into: the same memory each time once the player has let go of
    /// the last frame (it does after preparing it, when another follows), so a 720p clip does not
    /// map and fault in 3.6 MB afresh for every frame (a third of its CPU time, measured).
    private var canvas: RGBAImage?

    func nextFrame() throws(DecodeError) -> Frame? {
        takeBound()
        var duration: Int64 = 0
        var more: CInt = 0
        var reason = [CChar](repeating: 0, count: 256)
        let got = tview_video_next(video, &duration, &more, &reason, reason.count)
        imageFollows = more != 0
        switch got {
        case 1:
            // A bound asked for while the frame decoded is its size already: the first frame
            // decodes while the screen is set up, and the player asks then.
            whenDecoded?()
            takeBound()
            var image = canvas ?? RGBAImage(width: output.width, height: output.height)
            canvas = nil
            let converted = image.pixels.withUnsafeMutableBytes { pixels in
                tview_video_take(
                    video, pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), &reason, reason.count)
            }
            guard converted == 0 else { throw .corrupt(format: format, detail: String(cBuffer: reason)) }
            framesThisPass += 1
            canvas = image
            var frame = orientation.apply(to: image)
            frame.pixelAspect = output.pixelAspect
            frame.codingNoise = Self.codingNoise
            return Frame(image: frame, duration: timing.duration(measuredMicroseconds: duration))
        case 0:
            if let count = declaredFrameCount, framesThisPass < count, !dataEndedEarly {
                dataEndedEarly = true
                notes.append("the clip ends after \(framesThisPass) of the \(count) frames it declares")
            }
            return nil
        default:
            throw .corrupt(format: format, detail: String(cBuffer: reason))
        }
    }

    /// A frame a late player drops: decoded (the frames after it refer to it) but not scaled and
    /// converted to RGBA, the larger part of a frame's cost at the size shown.
    func skipFrame() -> Duration? {
        takeBound()
        var duration: Int64 = 0
        var more: CInt = 0
        var reason = [CChar](repeating: 0, count: 256)
        guard tview_video_next(video, &duration, &more, &reason, reason.count) == 1 else {
            imageFollows = false
            return nil
        }
        _ = tview_video_take(video, nil, &reason, reason.count)
        imageFollows = more != 0
        framesThisPass += 1
        return timing.duration(measuredMicroseconds: duration)
    }

    func rewind() throws(DecodeError) {
        var reason = [CChar](repeating: 0, count: 256)
        guard tview_video_rewind(video, &reason, reason.count) == 0 else {
            throw .corrupt(format: format, detail: String(cBuffer: reason))
        }
        framesThisPass = 0
        imageFollows = false
        timing.rewind()
    }
}
