/// An image file opened for playing: a sequential cursor that yields fully composited frames one
/// at a time, each with its duration. Only the current canvas (and what disposal needs) is kept,
/// whatever the frame count.
///
/// A file whose data breaks off after some frames plays those frames: `nextFrame()` then ends
/// early, `isTruncated` turns true and `warnings` says what went wrong. Only a file with no frame
/// that decodes throws.
///
/// Not Sendable: it owns C decoder state. Only the `Frame` values it returns cross threads.
public final class AnimatedImage {
    /// The name given to `open`: a path, "-" for standard input, or what named a sequence.
    public let name: String
    /// Where the frames come from.
    public let source: ImageSource
    public var format: ImageFormat { decoder.format }
    public var canvasWidth: Int { decoder.canvasWidth }
    public var canvasHeight: Int { decoder.canvasHeight }
    /// The picture's own size, upright: the canvas's, or more where the file is decoded at a
    /// smaller scale (a JPEG).
    public var pictureSize: (width: Int, height: Int) { decoder.pictureSize }

    /// The loop count the file states: 0 means forever, nil that the file states none (GIF
    /// without a NETSCAPE block, a still image). For GIF it is known after the first frame.
    public var loopCount: Int? { decoder.loopCount }

    /// How many times the whole animation plays, as browsers read the file; nil means forever.
    /// A GIF's NETSCAPE count n > 0 repeats n times after the first play (Chromium, Firefox);
    /// APNG's num_plays, WebP's loop count and JPEG XL's num_loops are total plays. An AVIF
    /// sequence states none that libavif 0.11 reads: it plays forever, as in browsers; so does a
    /// video clip, as a gifv does.
    public var totalPlays: Int? {
        switch (format, loopCount) {
        case (_, 0): return nil
        case (let format, nil) where format.isVideo: return nil
        case (.avif, nil): return (frameCount ?? 1) > 1 ? nil : 1
        case (_, nil): return 1
        case (.gif, let count?): return count + 1
        case (_, let count?): return count
        }
    }

    /// The number of frames: declared by APNG and WebP; for GIF known after one full pass.
    public private(set) var frameCount: Int?

    /// `frameCount`, or before a pass has told it, the count `countFramesInAdvance` found: for
    /// the status line (a pass may still end sooner, on an image that does not decode).
    public var expectedFrameCount: Int? {
        guard frameCount == nil, case .done(let count) = countWalk else { return frameCount }
        return count
    }
    private var countWalk = FrameCountWalk.walking

    /// Walks on towards `expectedFrameCount`, about `budget` bytes of the file, where its blocks
    /// tell the count without decoding (GIF): the whole of huge.gif (93 MB) takes about 34 ms of
    /// processor time, most of it the kernel copying the file, so a little at a time between
    /// frames, or all at once while paused.
    public func countFramesInAdvance(budget: Int) {
        guard frameCount == nil, countWalk == .walking else { return }
        countWalk = decoder.countFrames(budget: budget)
    }
    /// True when the file holds another frame after the one last returned in this pass (it may
    /// still fail to decode): GIF reads ahead to the next image; APNG and WebP state their count.
    public var hasMoreFrames: Bool {
        guard !passEnded else { return false }
        if decoder.imageFollows { return true }
        return frameCount.map { framesThisPass < $0 } ?? false
    }

    /// The name of the embedded colour profile (converted to sRGB as the frames are decoded),
    /// e.g. "Display P3"; nil when the file carries none.
    public var colorProfileName: String? { decoder.colorProfile?.name }
    /// Why the colour profile is not applied where it should be (lcms2 could not be loaded); nil
    /// when it is, or there is none.
    public var colorProfileUnapplied: String? { decoder.colorProfile?.unappliedReason }

    /// Whether the next frame (the file's first) will be drawn where `canvas` shows another
    /// thread its rows as they become final; the caller finishes `canvas` once `nextFrame`
    /// returns. False where the format's decoder draws a frame whole (all but GIF).
    public func drawsNextFrame(showing canvas: GrowingCanvas) -> Bool {
        framesThisPass == 0 && !passEnded && decoder.drawsNextFrame(showing: canvas)
    }

    /// From the next frame on, frames no larger than `bound`, where the decoder scales as it
    /// decodes (video clips and JPEG: decoding at the size shown); nothing for other formats.
    /// Safe from any thread, also while another decodes.
    public func show(at bound: FrameBound) {
        decoder.show(at: bound)
    }

    /// A still decoded at the size it is shown (a JPEG, through its DCT scaling): its one frame is
    /// best decoded once the player has said that size (`show(at:)`), not ahead of it at the
    /// largest the screen could take.
    public var decodesAtTheSizeShown: Bool { decoder is JPEGDecoder }

    /// What a video clip says of itself (codec, shown size, sound); nil for images.
    public var videoDetails: VideoDetails? { (decoder as? VideoDecoder)?.details }

    /// Every frame's duration, read from the container without decoding a frame, where the
    /// format states them (WebP); nil elsewhere.
    public var declaredDurations: [Duration]? { decoder.declaredDurations }

    /// True once a pass ended early because the data broke off or was corrupt, or the decoder
    /// filled in what the data lacked (a JPEG cut short).
    public var isTruncated: Bool { passBroke || decoder.dataEndedEarly }
    private var passBroke = false
    /// What was wrong with the file, one line each, without the file name.
    public var warnings: [String] {
        let profile = colorProfileUnapplied.map { ["its colour profile is not applied: \($0)"] } ?? []
        return decoder.notes + profile + breakWarnings
    }

    private let decoder: any FrameDecoder
    private var breakWarnings: [String] = []
    private var framesThisPass = 0
    private var passEnded = false
    /// The serial of the frame last returned in this pass.
    private var lastSerial: UInt64?

    init(name: String, decoder: any FrameDecoder, source: ImageSource = .file) {
        self.name = name
        self.decoder = decoder
        self.source = source
        self.frameCount = decoder.declaredFrameCount
    }

    /// Opens a file (or "-" for standard input), sniffs its format from its bytes and reads its
    /// header. Frames are decoded later, one per `nextFrame()`.
    /// Files that would need more memory than `limits` allow are refused here. While a pipe or
    /// device sends nothing, `whileWaiting` is asked every 0.1 s whether to go on.
    public static func open(
        path: String, limits: DecodeLimits = DecodeLimits(), whileWaiting: (() -> Bool)? = nil
    ) throws(DecodeError) -> AnimatedImage {
        let input = try InputFile.open(path: path, limits: limits, whileWaiting: whileWaiting)
        return try open(input, limits: limits)
    }

    /// A frame file of a sequence: a regular file only (a FIFO among them is refused, not
    /// waited on).
    static func open(member path: String, limits: DecodeLimits) throws(DecodeError) -> AnimatedImage {
        try open(InputFile.open(path: path, limits: limits, regularOnly: true), limits: limits)
    }

    /// Opens an image held in memory; `name` is used in messages.
    public static func open(bytes: [UInt8], name: String, limits: DecodeLimits = DecodeLimits()) throws(DecodeError)
        -> AnimatedImage
    {
        guard !bytes.isEmpty else { throw .empty }
        return try open(InputFile.memory(bytes, name: name), limits: limits)
    }

    /// Numbered files played as one animation, each shown for `frameDuration`; files are opened
    /// as their turn comes. A missing or broken file plays as the frame before it (`warnings`).
    public static func open(
        sequence: FrameSequence, frameDuration: Duration, limits: DecodeLimits = DecodeLimits()
    ) throws(DecodeError) -> AnimatedImage {
        let decoder = try SequenceDecoder(sequence: sequence, frameDuration: frameDuration, limits: limits)
        return AnimatedImage(name: sequence.name, decoder: decoder, source: .sequence(files: sequence.count))
    }

    /// The frames of a sprite sheet (the first frame of the file at `path`), cut as `layout` says,
    /// the first `count` of them (all when nil), each shown for `frameDuration`.
    public static func open(
        sheet path: String, layout: SheetLayout, count: Int?, frameDuration: Duration,
        limits: DecodeLimits = DecodeLimits(), whileWaiting: (() -> Bool)? = nil
    ) throws(DecodeError) -> AnimatedImage {
        let file = try open(path: path, limits: limits, whileWaiting: whileWaiting)
        let decoder = try SpriteSheetDecoder(file: file, layout: layout, count: count, frameDuration: frameDuration)
        return AnimatedImage(
            name: file.name, decoder: decoder, source: .sheet(columns: decoder.columns, rows: decoder.rows))
    }

    private static func open(_ input: InputFile, limits: DecodeLimits) throws(DecodeError) -> AnimatedImage {
        guard input.size > 0 else { throw .empty }
        let magic = input.bytes(at: 0, count: ImageFormat.magicLength)
        guard let format = ImageFormat.sniff(magic) else {
            throw .unsupportedFormat(magic: magic)
        }
        let decoder: any FrameDecoder
        switch format {
        case .gif: decoder = try GIFDecoder(input: input, limits: limits)
        case .png, .apng: decoder = try PNGDecoder(input: input, limits: limits)
        case .webp: decoder = try WebPDecoder.open(input: input, limits: limits)
        case .jpeg: decoder = try JPEGDecoder(input: input, limits: limits)
        case .avif: decoder = try AVIFDecoder(input: input, limits: limits)
        case .jxl: decoder = try JXLDecoder(input: input, limits: limits)
        case .mp4, .mov, .webm, .mkv: decoder = try VideoDecoder(input: input, format: format, limits: limits)
        }
        return AnimatedImage(name: input.name, decoder: decoder)
    }

    /// The next frame, or nil when the pass is over (at the end, or where the data broke off).
    public func nextFrame() throws(DecodeError) -> Frame? {
        guard !passEnded else { return nil }
        do throws(DecodeError) {
            if var frame = try decoder.nextFrame() {
                framesThisPass += 1
                frame.serial = FrameSerial.next()
                if let lastSerial, let rect = decoder.lastChange {
                    frame.change = CanvasChange(since: lastSerial, rect: rect, tiles: decoder.lastChangedTiles)
                }
                lastSerial = frame.serial
                return frame
            }
            guard framesThisPass > 0 else {
                passEnded = true
                throw DecodeError.noFrames(format: format)
            }
            endPass()
            return nil
        } catch {
            guard framesThisPass > 0 else {
                passEnded = true
                throw error
            }
            // Keep what decoded; say where it stopped.
            if !passBroke {
                passBroke = true
                breakWarnings.append("stopped after frame \(framesThisPass): \(error)")
            }
            endPass()
            return nil
        }
    }

    /// Passes over the next frame for less than decoding it costs, where the format allows
    /// (numbered files: not opened; video clips: decoded, not made into a picture): its
    /// duration; nil where it cannot (the caller decodes it instead) or the pass is over. The
    /// frame after it then says no change rectangle.
    public func skipFrame() -> Duration? {
        guard !passEnded, let duration = decoder.skipFrame() else { return nil }
        framesThisPass += 1
        lastSerial = nil
        return duration
    }

    /// Starts again from the first frame.
    public func rewind() throws(DecodeError) {
        try decoder.rewind()
        lastSerial = nil
        framesThisPass = 0
        passEnded = false
    }

    private func endPass() {
        passEnded = true
        if frameCount == nil || isTruncated || frameCount != framesThisPass {
            frameCount = framesThisPass
        }
    }
}
