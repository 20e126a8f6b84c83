/// The chunk layout of a PNG or APNG, found by walking chunk headers once at open. Only
/// positions are kept (and the few bytes of IHDR, acTL and fcTL), never image data. The APNG
/// rules are checked here: a file that breaks them is an invalid animation, which the spec says
/// to show as its still image.
struct PNGLayout {
    /// The 13 data bytes of IHDR.
    private(set) var header: [UInt8] = []
    private(set) var width = 0
    private(set) var height = 0
    /// PLTE and tRNS, copied into every rebuilt frame.
    private(set) var sharedChunks: [PNGChunk] = []
    private(set) var imageChunks: [PNGChunk] = []
    /// Set when the file has an acTL before its image data.
    private(set) var playCount: Int?
    private(set) var declaredFrames: Int?
    private(set) var frames: [APNGFrameRecord] = []
    /// Why the animation is invalid, if it is.
    private(set) var animationError: String?
    /// Where the data broke off, if it did.
    private(set) var truncation: String?
    /// The EXIF orientation an eXIf chunk states (the first one), 1 to 8.
    private(set) var exifOrientation: Int?
    /// The ICC profile an iCCP chunk holds, unless an sRGB chunk says the pixels are sRGB.
    private(set) var iccProfile: [UInt8]?
    private(set) var saysSRGB = false
    /// A gAMA chunk's value (the file's gamma × 100 000: 45455 for 1/2.2), the first valid one.
    private(set) var gamma: Int?
    /// A cHRM chunk's eight values (white x, y, then red, green and blue x, y; × 100 000).
    private(set) var chromaticities: [Int]?

    var isAnimated: Bool { playCount != nil && animationError == nil && !frames.isEmpty }

    /// Why an APNG (a file with acTL) plays as its still image; nil for a plain PNG.
    var invalidAnimationReason: String? { playCount != nil ? animationError : nil }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    init(input: InputFile) throws(DecodeError) {
        guard input.bytes(at: 0, count: 8) == Self.signature else {
            throw .unsupportedFormat(magic: input.bytes(at: 0, count: 8))
        }
        var offset = 8
        var sequence: UInt32 = 0
        var seenImageData = false
        var afterImageData = false
        var ended = false
        while !ended {
            let head = input.bytes(at: offset, count: 8)
            guard head.count == 8 else {
                truncation = offset >= input.size ? "no IEND chunk" : "inside a chunk header"
                break
            }
            let length = Int(head.uint32(at: 0))
            let type = String(decoding: head[4..<8], as: UTF8.self)
            guard length <= 0x7FFF_FFFF else {
                throw .corrupt(format: .png, detail: "chunk \(type) declares \(length) bytes")
            }
            let chunk = PNGChunk(offset: offset, length: length, type: type)
            guard offset + chunk.totalLength <= input.size else {
                truncation = "inside the \(type) chunk"
                break
            }
            if offset == 8 && type != PNGChunk.ihdr {
                throw .corrupt(format: .png, detail: "first chunk is \(type), not IHDR")
            }
            if seenImageData && type != PNGChunk.idat { afterImageData = true }

            switch type {
            case PNGChunk.ihdr:
                guard header.isEmpty, length == 13 else {
                    throw .corrupt(format: .png, detail: "bad IHDR chunk")
                }
                header = try Self.checkedData(of: chunk, in: input)
                width = Int(header.uint32(at: 0))
                height = Int(header.uint32(at: 4))
                try DecodeLimits.checkCanvas(width: width, height: height, format: .png)
            case PNGChunk.plte, PNGChunk.trns:
                if !seenImageData { sharedChunks.append(chunk) }
            case PNGChunk.idat:
                if afterImageData {
                    throw .corrupt(format: .png, detail: "IDAT chunks are not consecutive")
                }
                seenImageData = true
                imageChunks.append(chunk)
                if let last = frames.indices.last, frames[last].usesDefaultImage {
                    frames[last].dataChunks.append(chunk)
                }
            case PNGChunk.actl:
                guard let data = try? Self.checkedData(of: chunk, in: input), data.count == 8 else {
                    invalidate("bad acTL chunk")
                    break
                }
                if seenImageData {
                    invalidate("acTL after the image data")
                } else if playCount != nil {
                    invalidate("more than one acTL")
                } else {
                    declaredFrames = Int(data.uint32(at: 0))
                    playCount = Int(data.uint32(at: 4))
                    if declaredFrames == 0 { invalidate("acTL declares 0 frames") }
                }
            case PNGChunk.fctl:
                // Read even before an acTL (which may follow); without one they are ignored.
                guard let data = try? Self.checkedData(of: chunk, in: input),
                    let control = APNGFrameControl(data: data, canvasWidth: width, canvasHeight: height)
                else {
                    invalidate("bad fcTL chunk")
                    break
                }
                guard control.sequenceNumber == sequence else {
                    invalidate("sequence number \(control.sequenceNumber) where \(sequence) was due")
                    break
                }
                sequence &+= 1
                if let last = frames.last, last.dataChunks.isEmpty {
                    invalidate("frame \(frames.count) has no data")
                }
                if !seenImageData {
                    if !frames.isEmpty {
                        invalidate("two fcTL chunks before the image data")
                    } else if !control.coversCanvas(width: width, height: height) {
                        invalidate("the default image's fcTL does not cover the canvas")
                    }
                }
                frames.append(APNGFrameRecord(control: control, usesDefaultImage: !seenImageData))
            case PNGChunk.fdat:
                guard length >= 4, seenImageData, let last = frames.indices.last, !frames[last].usesDefaultImage else {
                    invalidate("fdAT chunk without its fcTL")
                    break
                }
                let number = input.bytes(at: chunk.dataOffset, count: 4).uint32(at: 0)
                guard number == sequence else {
                    invalidate("sequence number \(number) where \(sequence) was due")
                    break
                }
                sequence &+= 1
                frames[last].dataChunks.append(chunk)
            case PNGChunk.iccp:
                if iccProfile == nil, !saysSRGB, let data = try? Self.checkedData(of: chunk, in: input) {
                    iccProfile = ColorProfile.pngProfile(iccp: data)
                }
            case PNGChunk.srgb:
                saysSRGB = true
                iccProfile = nil
            case PNGChunk.gama:
                // Before the image data, as the spec places it (libpng ignores it after); gammas
                // from 0.01 to 10, which every real file's is.
                if gamma == nil, !seenImageData, length == 4, let data = try? Self.checkedData(of: chunk, in: input),
                    (1000...1_000_000).contains(Int(data.uint32(at: 0)))
                {
                    gamma = Int(data.uint32(at: 0))
                }
            case PNGChunk.chrm:
                // Only chromaticities that are points of the diagram (0 ≤ x, 0 < y, x + y ≤ 1):
                // others, which libpng refuses too, leave sRGB's primaries, as in Chrome.
                if chromaticities == nil, !seenImageData, length == 32,
                    let data = try? Self.checkedData(of: chunk, in: input)
                {
                    let values = (0..<8).map { Int(data.uint32(at: $0 * 4)) }
                    let points = stride(from: 0, to: 8, by: 2).map { (x: values[$0], y: values[$0 + 1]) }
                    if points.allSatisfy({ $0.y > 0 && $0.x + $0.y <= 100_000 }) { chromaticities = values }
                }
            case PNGChunk.exif:
                // Up to 64 KB of EXIF read; a bad one reads as upright.
                if exifOrientation == nil, length <= 1 << 16, let data = try? Self.checkedData(of: chunk, in: input) {
                    exifOrientation = data.withUnsafeBytes { ExifOrientation.value(tiff: $0) }
                }
            case PNGChunk.iend:
                ended = true
            default:
                break
            }
            offset += chunk.totalLength
        }
        guard !header.isEmpty else { throw .truncated(format: .png, what: "no IHDR chunk") }
        if truncation == nil, let last = frames.last, last.dataChunks.isEmpty {
            invalidate("the last frame has no data")
        }
        if truncation == nil, animationError == nil, let declared = declaredFrames, declared != frames.count {
            invalidate("acTL declares \(declared) frames, the file has \(frames.count)")
        }
        if truncation != nil {
            // Keep the frames whose data arrived; the last one may still fail to decode.
            frames.removeAll { $0.dataChunks.isEmpty }
        }
    }

    private mutating func invalidate(_ reason: String) {
        if animationError == nil { animationError = reason }
    }

    /// A chunk's data after its CRC has been checked.
    static func checkedData(of chunk: PNGChunk, in input: InputFile) throws(DecodeError) -> [UInt8] {
        let whole = input.bytes(at: chunk.offset + 4, count: chunk.length + 8)
        guard whole.count == chunk.length + 8 else {
            throw .truncated(format: .png, what: "inside the \(chunk.type) chunk")
        }
        let stored = whole.uint32(at: chunk.length + 4)
        guard CRC32.checksum(whole[0..<(chunk.length + 4)]) == stored else {
            throw .corrupt(format: .png, detail: "CRC mismatch in the \(chunk.type) chunk")
        }
        return Array(whole[4..<(chunk.length + 4)])
    }
}
