internal import Decode
internal import Playback

/// An animated image (or a still, or a video clip) opened for playing: a cursor over its frames,
/// decoded one at a time on demand. Only the current canvas is held, whatever the frame count,
/// and the file's compressed data is read as frames are asked for.
///
/// ```swift
/// let animation = try Animation(.file(path: "anim.gif"))
/// print(animation.width, animation.height, animation.frameCount ?? 0)
/// while let frame = try animation.nextFrame() {
///     print(frame.number, frame.duration)
/// }
/// ```
///
/// A file whose data breaks off after some frames plays those frames: ``nextFrame()`` then ends
/// early, ``isTruncated`` turns true and ``warnings`` says what went wrong. Only a source with no
/// frame that decodes throws.
///
/// Not `Sendable`: it owns the C decoders' state. Use it from one thread at a time; frames
/// (``AnimationFrame``) may cross threads.
public final class Animation {
    /// What opened it.
    public let source: AnimationSource
    /// The frames' source as the decoders have it (the player takes this).
    let image: AnimatedImage
    /// Frames handed out in this pass.
    private var framesThisPass = 0

    /// The default for ``init(_:memoryBudget:largestPicture:whileWaiting:)``'s budget: 512 MB.
    public static let defaultMemoryBudget = DecodeLimits.defaultMemoryBudget

    /// Opens `source` and reads its header; frames are decoded later, one per ``nextFrame()``.
    ///
    /// - Parameters:
    ///   - source: what to open.
    ///   - memoryBudget: bytes the animation may take at worst (its canvases, the decoder's
    ///     buffers, the file's bytes); a source that could need more is refused here, before
    ///     anything is allocated.
    ///   - largestPicture: the most pixels the frames are shown at, when known: a video clip
    ///     (and a JPEG) is then decoded no larger than that, which costs much less.
    ///   - whileWaiting: asked every 0.1 s while a pipe or device sends nothing; return false to
    ///     give up waiting.
    /// - Throws: ``TViewError/open(reason:)``.
    public init(
        _ source: AnimationSource, memoryBudget: Int = Animation.defaultMemoryBudget,
        largestPicture: (width: Int, height: Int)? = nil, whileWaiting: (() -> Bool)? = nil
    ) throws(TViewError) {
        self.source = source
        var limits = DecodeLimits(memoryBudget: memoryBudget)
        limits.frameBound = largestPicture.map { FrameBound(width: $0.width, height: $0.height) }
        do throws(DecodeError) {
            image = try Self.open(source, limits: limits, whileWaiting: whileWaiting)
        } catch {
            throw TViewError(opening: error)
        }
    }

    /// Opens `source` for a description only (`tview --info`): a picture over the canvas limit
    /// at full size that can be decoded smaller (a JPEG) is opened at the largest scale within
    /// them, where playing would refuse it. ``width`` and ``height`` stay the picture's own.
    /// - Parameters:
    ///   - source: what to open.
    ///   - memoryBudget: bytes it may take at worst.
    ///   - whileWaiting: asked every 0.1 s while a pipe or device sends nothing.
    public static func forDescription(
        _ source: AnimationSource, memoryBudget: Int = Animation.defaultMemoryBudget,
        whileWaiting: (() -> Bool)? = nil
    ) throws(TViewError) -> Animation {
        var limits = DecodeLimits(memoryBudget: memoryBudget)
        limits.scalesToFit = true
        do throws(DecodeError) {
            return Animation(source: source, image: try open(source, limits: limits, whileWaiting: whileWaiting))
        } catch {
            throw TViewError(opening: error)
        }
    }

    private init(source: AnimationSource, image: AnimatedImage) {
        self.source = source
        self.image = image
    }

    private static func open(
        _ source: AnimationSource, limits: DecodeLimits, whileWaiting: (() -> Bool)?
    ) throws(DecodeError) -> AnimatedImage {
        // A sheet's cells and a sequence's frames are measured on the canvases as decoded: a JPEG
        // among them is refused over the limits rather than decoded smaller.
        var whole = limits
        whole.scalesToFit = false
        switch source {
        case .file(let path):
            return try AnimatedImage.open(path: path, limits: limits, whileWaiting: whileWaiting)
        case .bytes(let bytes, let name):
            return try AnimatedImage.open(bytes: bytes, name: name, limits: limits)
        case .sequence(let pattern, let fps, let range):
            guard let sequence = try FrameSequence.find(pattern, range: range) else {
                throw .unreadable(reason: "no numbered files: give a printf pattern, a folder or a glob")
            }
            return try AnimatedImage.open(sequence: sequence, frameDuration: try frameDuration(fps), limits: whole)
        case .spriteSheet(let path, let layout, let count, let fps):
            let cut: SheetLayout
            switch layout {
            case .grid(let columns, let rows): cut = .grid(columns: columns, rows: rows)
            case .frameSize(let width, let height): cut = .frameSize(width: width, height: height)
            }
            return try AnimatedImage.open(
                sheet: path, layout: cut, count: count, frameDuration: try frameDuration(fps), limits: whole,
                whileWaiting: whileWaiting)
        }
    }

    private static func frameDuration(_ framesPerSecond: Double) throws(DecodeError) -> Duration {
        guard framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw .unreadable(reason: "frames per second must be above 0, up to 1000")
        }
        return .nanoseconds(Int64((1e9 / framesPerSecond).rounded()))
    }

    /// The name it was opened by: a path, `"-"` for standard input, the name given with bytes, or
    /// what named a sequence.
    public var name: String { image.name }
    /// The format, as people call it: "GIF", "APNG", "WebP", "JPEG XL", "MP4", ...
    public var formatName: String { image.format.displayName }
    /// The picture's own width in pixels, upright (EXIF orientation applied).
    public var width: Int { image.pictureSize.width }
    /// The picture's own height in pixels, upright.
    public var height: Int { image.pictureSize.height }
    /// The number of frames: stated by APNG, WebP, AVIF, JPEG XL and video containers; for a GIF
    /// known once a pass has ended. Nil until known.
    public var frameCount: Int? { image.frameCount }
    /// How many times the whole animation plays, as browsers read the file; nil means forever.
    public var plays: Int? { image.totalPlays }
    /// The frames' durations as the file states them, where it states them all up front (APNG,
    /// WebP, AVIF, video); nil where only decoding tells (GIF, JPEG XL).
    public var statedDurations: [Duration]? { image.declaredDurations }
    /// The name of the colour profile the frames were converted from (to sRGB), if any.
    public var colorProfile: String? { image.colorProfileName }
    /// True once a pass ended where the data broke off (the frames before it play).
    public var isTruncated: Bool { image.isTruncated }
    /// What was wrong with the source but did not stop it, one line each, without its name.
    public var warnings: [String] { image.warnings }

    /// The next frame, or nil when the pass is over (at the end, or where the data broke off).
    /// - Throws: ``TViewError/decode(reason:)`` when not even the first frame decodes.
    public func nextFrame() throws(TViewError) -> AnimationFrame? {
        do throws(DecodeError) {
            guard let frame = try image.nextFrame() else { return nil }
            framesThisPass += 1
            return AnimationFrame(number: framesThisPass, frame: frame)
        } catch {
            throw TViewError(decoding: error)
        }
    }

    /// Frame `number` (from 1), or the last one when there are fewer: the pass starts again from
    /// the first frame. Frames before it are decoded (compositing needs them) but not kept.
    /// - Parameter number: the frame wanted, from 1.
    /// - Throws: ``TViewError/decode(reason:)`` when not even the first frame decodes.
    public func frame(_ number: Int) throws(TViewError) -> AnimationFrame {
        do throws(DecodeError) {
            if framesThisPass > 0 { try image.rewind() }
            framesThisPass = 0
            var (chosen, index) = try image.decodeFrames(max(1, number))
            if chosen == nil && index > 0 {
                // The pass ended after a frame that was let go: from the start again, up to it.
                try image.rewind()
                chosen = try image.decodeFrames(index).last
            }
            guard let chosen else { throw DecodeError.noFrames(format: image.format) }
            framesThisPass = index
            return AnimationFrame(number: index, frame: chosen)
        } catch {
            throw TViewError(decoding: error)
        }
    }

    /// Starts again from the first frame.
    public func rewind() throws(TViewError) {
        do throws(DecodeError) {
            try image.rewind()
            framesThisPass = 0
        } catch {
            throw TViewError(decoding: error)
        }
    }
}
