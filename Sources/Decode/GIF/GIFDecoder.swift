internal import CGIF

/// GIF through giflib's record-level API (never DGifSlurp, which keeps every frame). Each call
/// to `nextFrame` reads records up to the next image and draws it onto the canvas with browser
/// semantics (see `GIFCompositor`).
final class GIFDecoder: FrameDecoder {
    let format = ImageFormat.gif
    let canvasWidth: Int
    let canvasHeight: Int
    private(set) var loopCount: Int?
    let declaredFrameCount: Int? = nil
    private(set) var notes: [String] = []

    private let reader: BufferedReader
    private var handle: UnsafeMutablePointer<GifFileType>
    private var compositor: GIFCompositor
    private var rowBuffer: [UInt8] = []
    private var finished = false
    /// A frame was returned since the start or the last rewind.
    private var framesThisPass = false
    /// The trailer was read (not merely the end of the data).
    private var sawTrailer = false
    /// The next image's control block, read ahead after a frame (its descriptor is not yet).
    private var nextImageControl: GIFFrameControl?
    /// An error met while reading ahead: the next frame's.
    private var aheadError: DecodeError?
    /// The walk for the frame count (`countFrames`), with a reader of its own.
    private var counter: GIFFrameCounter?
    /// Where the next frame's rows are shown as they are drawn (the first frame only).
    private var growing: GrowingCanvas?

    /// True when the file holds another image after the frame last returned (it may still fail
    /// to decode).
    var imageFollows: Bool { nextImageControl != nil }
    var lastChange: PixelRect? { compositor.changed }
    var lastChangedTiles: ChangedTiles? { compositor.changedTiles }
    private var strayBytes = 0 {
        didSet { if oldValue == 0 { notes.append("skipped stray bytes between blocks") } }
    }

    /// The canvas, and what disposal 3 saves of it (a whole canvas at worst; measured: 2.0 canvases).
    static let canvasesHeld = 2

    init(input: InputFile, limits: DecodeLimits) throws(DecodeError) {
        reader = BufferedReader(input: input)
        // A first frame larger than the logical screen grows the canvas to its size, as Firefox
        // and Chrome do (an offset alone does not: Firefox clips it, as tview does).
        let first = Self.firstImageSize(reader)
        handle = try Self.openHandle(reader)
        canvasWidth = max(Int(handle.pointee.SWidth), first?.width ?? 0)
        canvasHeight = max(Int(handle.pointee.SHeight), first?.height ?? 0)
        do {
            try limits.checkMemory(width: canvasWidth, height: canvasHeight, canvases: Self.canvasesHeld, format: .gif)
        } catch {
            var ignored: CInt = 0
            DGifCloseFile(handle, &ignored)
            throw error
        }
        compositor = GIFCompositor(width: canvasWidth, height: canvasHeight)
    }

    deinit {
        var ignored: CInt = 0
        DGifCloseFile(handle, &ignored)
    }

    func rewind() throws(DecodeError) {
        var ignored: CInt = 0
        DGifCloseFile(handle, &ignored)
        handle = try Self.openHandle(reader)
        compositor.reset()
        finished = false
        framesThisPass = false
        sawTrailer = false
        nextImageControl = nil
        aheadError = nil
    }

    func countFrames(budget: Int) -> FrameCountWalk {
        if counter == nil { counter = GIFFrameCounter(reader.input) }
        return counter!.walk(budget: budget)
    }

    /// The first frame of a pass only: its canvas is new, and no frame made of it holds it.
    func drawsNextFrame(showing canvas: GrowingCanvas) -> Bool {
        guard !framesThisPass, !finished, aheadError == nil else { return false }
        growing = canvas
        return true
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        // The rows are shown for this frame alone.
        defer { growing = nil }
        if let error = aheadError {
            aheadError = nil
            throw error
        }
        guard !finished else { return nil }
        compositor.disposePrevious()
        let control: GIFFrameControl
        if let ahead = nextImageControl {
            control = ahead
            nextImageControl = nil
        } else {
            let firstOfPass = !framesThisPass
            guard let found = try readToNextImage() else {
                // A screen and a trailer with no image: browsers show one transparent frame.
                if firstOfPass && sawTrailer {
                    framesThisPass = true
                    return Frame(image: compositor.canvas, duration: FrameDelay.playable(.zero))
                }
                return nil
            }
            control = found
        }
        framesThisPass = true
        guard DGifGetImageHeader(handle) == GIF_OK else { throw failure("image descriptor") }
        try drawImage(control)
        // Read on to the next image (or the trailer), so `imageFollows` can tell; an error there
        // belongs to the next frame.
        do throws(DecodeError) {
            nextImageControl = try readToNextImage()
        } catch {
            aheadError = error
        }
        return Frame(image: compositor.canvas, duration: control.duration)
    }

    /// Reads records up to the next image separator and returns that image's control block, or
    /// nil at the trailer (or where only the trailer is missing).
    private func readToNextImage() throws(DecodeError) -> GIFFrameControl? {
        var control = GIFFrameControl()
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(handle, &record) == GIF_OK else {
                if handle.pointee.Error == D_GIF_ERR_WRONG_RECORD {
                    // A stray byte between blocks: skip it and look for the next record, as
                    // browsers and Pillow do (giflib has already consumed it).
                    strayBytes += 1
                    continue
                }
                if reader.isAtEnd && handle.pointee.Error == D_GIF_ERR_READ_FAILED {
                    // Every frame was complete; only the trailer byte is missing.
                    notes.append("no trailer after the last frame")
                    finished = true
                    return nil
                }
                throw failure("record")
            }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                return control
            case EXTENSION_RECORD_TYPE:
                try readExtension(into: &control)
            case TERMINATE_RECORD_TYPE:
                finished = true
                sawTrailer = true
                return nil
            default:
                throw .corrupt(format: .gif, detail: "unknown record type")
            }
        }
    }

    private func drawImage(_ control: GIFFrameControl) throws(DecodeError) {
        let descriptor = handle.pointee.Image
        let rect = GIFRect(
            left: Int(descriptor.Left), top: Int(descriptor.Top),
            width: Int(descriptor.Width), height: Int(descriptor.Height))
        let palette = GIFPalette(
            colorMap: descriptor.ColorMap ?? handle.pointee.SColorMap,
            transparentIndex: control.transparentIndex)
        compositor.begin(rect: rect, disposal: control.disposal)
        // A frame with no colour table at all draws nothing (the browser model).
        guard compositor.isVisible, palette.hasColors else {
            try skipImageData()
            return
        }
        if rowBuffer.count < rect.width {
            rowBuffer = [UInt8](repeating: 0, count: rect.width)
        }
        // Rows above the image are final from the start; an interlaced image's rows only at its end.
        let growing = growing
        growing?.begin(pixels: compositor.canvasPixels(), width: canvasWidth, height: canvasHeight)
        let showsRows = growing != nil && !descriptor.Interlace
        for row in GIFRowOrder(height: rect.height, interlaced: descriptor.Interlace) {
            let status = rowBuffer.withUnsafeMutableBufferPointer { buffer in
                DGifGetLine(handle, buffer.baseAddress, CInt(rect.width))
            }
            guard status == GIF_OK else { throw failure("image data") }
            rowBuffer.withUnsafeBufferPointer { indices in
                compositor.draw(
                    row: row, indices: UnsafeBufferPointer(rebasing: indices[0..<rect.width]), palette: palette)
            }
            if showsRows { growing?.publish(rows: min(rect.top + row + 1, canvasHeight)) }
        }
        growing?.publish(rows: canvasHeight)
    }

    /// Consumes the LZW data of an image that lands wholly outside the canvas (or is empty)
    /// without decoding it.
    private func skipImageData() throws(DecodeError) {
        var codeSize: CInt = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(handle, &codeSize, &block) == GIF_OK else { throw failure("image data") }
        while block != nil {
            guard DGifGetCodeNext(handle, &block) == GIF_OK else { throw failure("image data") }
        }
    }

    private func readExtension(into control: inout GIFFrameControl) throws(DecodeError) {
        var code: CInt = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(handle, &code, &block) == GIF_OK else { throw failure("extension") }
        var isLoopBlock = false
        if let first = block {
            let length = Int(first[0])
            if code == GRAPHICS_EXT_FUNC_CODE {
                var gcb = GraphicsControlBlock()
                if DGifExtensionToGCB(length, first + 1, &gcb) == GIF_OK {
                    control = GIFFrameControl(gcb)
                }
            } else if code == APPLICATION_EXT_FUNC_CODE, length == 11 {
                let identifier = String(decoding: UnsafeBufferPointer(start: first + 1, count: 11), as: UTF8.self)
                isLoopBlock = identifier == "NETSCAPE2.0" || identifier == "ANIMEXTS1.0"
            }
        }
        while block != nil {
            guard DGifGetExtensionNext(handle, &block) == GIF_OK else { throw failure("extension") }
            if isLoopBlock, let sub = block, sub[0] >= 3, sub[1] == 1 {
                // The first loop count wins, wherever it stands.
                if loopCount == nil {
                    loopCount = Int(sub[2]) | Int(sub[3]) << 8
                }
                isLoopBlock = false
            }
        }
    }

    private func failure(_ what: String) -> DecodeError {
        let code = handle.pointee.Error
        if code == D_GIF_ERR_READ_FAILED && !reader.isAtEnd {
            // giflib says "read failed" for bad values too (an LZW code size over 8).
            return .corrupt(format: .gif, detail: "giflib cannot read the \(what)")
        }
        return Self.error(code: code, what: what)
    }

    /// The first image's size, read with a handle of its own before the real one is opened
    /// (they share the reader's position); nil when there is none or it cannot be read.
    private static func firstImageSize(_ reader: BufferedReader) -> (width: Int, height: Int)? {
        guard let handle = try? openHandle(reader) else { return nil }
        defer {
            var ignored: CInt = 0
            DGifCloseFile(handle, &ignored)
        }
        // Extensions are skipped; a few thousand records before the first image is plenty.
        for _ in 0..<4096 {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(handle, &record) == GIF_OK else { return nil }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageHeader(handle) == GIF_OK else { return nil }
                return (Int(handle.pointee.Image.Width), Int(handle.pointee.Image.Height))
            case EXTENSION_RECORD_TYPE:
                var code: CInt = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(handle, &code, &block) == GIF_OK else { return nil }
                while block != nil {
                    guard DGifGetExtensionNext(handle, &block) == GIF_OK else { return nil }
                }
            default:
                return nil
            }
        }
        return nil
    }

    private static func openHandle(_ reader: BufferedReader) throws(DecodeError) -> UnsafeMutablePointer<GifFileType> {
        reader.seek(to: 0)
        var code: CInt = 0
        let context = Unmanaged.passUnretained(reader).toOpaque()
        let opened = DGifOpen(
            context,
            { gif, destination, count in
                guard let gif, let destination, count > 0, let context = gif.pointee.UserData else { return 0 }
                let reader = Unmanaged<BufferedReader>.fromOpaque(context).takeUnretainedValue()
                return CInt(reader.read(into: destination, count: Int(count)))
            }, &code)
        guard let opened else {
            // Short files make giflib say "no screen descriptor": call that what it is.
            if reader.isAtEnd { throw .truncated(format: .gif, what: "data ends inside the header") }
            throw error(code: code, what: "header")
        }
        return opened
    }

    private static func error(code: CInt, what: String) -> DecodeError {
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON:
            return .truncated(format: .gif, what: "data ends inside the \(what)")
        case D_GIF_ERR_NOT_ENOUGH_MEM:
            return .library(format: .gif, code: LibraryCode(rawValue: Int(code)), message: "out of memory")
        default:
            let text = GifErrorString(code).map { String(cString: $0) } ?? "error"
            return .corrupt(format: .gif, detail: "\(what): \(text.lowercasedFirst)")
        }
    }
}

extension String {
    /// "Wrong record type" → "wrong record type", for library texts set inside a sentence.
    fileprivate var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
