internal import CWebP

/// A still WebP (lossy, lossy with alpha, or lossless), decoded by libwebp's incremental decoder
/// straight into tview's canvas: no canvas of libwebp's, no copy. A file whose bitstream breaks
/// off shows the rows that decoded, the rest transparent, with a warning, as browsers show an
/// image whose data stopped arriving; only a file with no decoded row fails.
final class WebPStillDecoder: FrameDecoder {
    let format = ImageFormat.webp
    let canvasWidth: Int
    let canvasHeight: Int
    let loopCount: Int? = nil
    let declaredFrameCount: Int? = 1
    private(set) var notes: [String] = []
    private(set) var dataEndedEarly = false
    let colorProfile: ColorProfile?

    private let mapping: MappedFile
    private var decoded = false
    /// The picture as the file stores it; `canvasWidth` × `canvasHeight` is it shown upright.
    private let storedWidth: Int
    private let storedHeight: Int
    /// What shows the picture upright (the EXIF chunk's orientation).
    private let orientation: PixelOrientation

    /// tview's canvas, and the lossless decoder's own pixels of the whole image; beside them the
    /// mapped file.
    static let canvasesHeld = 2

    /// `mapping` holds a still image whose header said `width` × `height` (`WebPDecoder.open`).
    init(
        mapping: MappedFile, width: Int, height: Int, limits: DecodeLimits, colorProfile: ColorProfile?,
        orientation: PixelOrientation = .upright
    ) throws(DecodeError) {
        self.colorProfile = colorProfile
        self.orientation = orientation
        // A turned picture is held once more while it is turned.
        try limits.checkMemory(
            width: width, height: height, canvases: Self.canvasesHeld + (orientation.isUpright ? 0 : 1),
            alsoBytes: mapping.count, format: .webp)
        self.mapping = mapping
        storedWidth = width
        storedHeight = height
        (canvasWidth, canvasHeight) = orientation.orientedSize(width: width, height: height)
    }

    func rewind() throws(DecodeError) {
        guard !mapping.fileShrank else { throw .changedWhileReading(format: .webp) }
        decoded = false
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        guard !decoded else { return nil }
        var image = RGBAImage(width: storedWidth, height: storedHeight)
        var (status, rows) = decode(into: &image, pieces: 1)
        if let failed = status, failed != VP8_STATUS_OK, failed != VP8_STATUS_SUSPENDED {
            // libwebp keeps the rows of a bitstream that breaks off only while it expects more
            // data (a chunk whose size says it is complete fails whole): fed again part by part,
            // as a download arrives, it shows the rows before the last part.
            (status, rows) = decode(into: &image, pieces: Self.piecesWhenBroken)
        }
        guard !mapping.fileShrank else { throw .changedWhileReading(format: .webp) }
        guard let status else {
            throw .library(format: .webp, code: LibraryCode(rawValue: 1), message: "out of memory")
        }
        if status != VP8_STATUS_OK {
            let cutShort = status == VP8_STATUS_SUSPENDED
            guard rows > 0 else {
                if cutShort { throw .truncated(format: .webp, what: "the data ends before the first row") }
                throw .corrupt(format: .webp, detail: "the image's bitstream does not decode")
            }
            // Rows past the last one decoded may hold a half-made row: transparent, as unsent.
            image.clearRows(from: rows)
            if !dataEndedEarly {
                let what = cutShort ? "cut short" : "damaged or cut short"
                notes.append("\(what) after row \(rows) of \(storedHeight): the rest is transparent")
                dataEndedEarly = true
            }
        }
        decoded = true
        // Given up, so the profile converts it in place, not in a copy.
        if let colorProfile { image = colorProfile.convert(consume image) }
        return Frame(image: orientation.apply(to: image), duration: FrameDelay.playable(.zero))
    }

    /// Parts a broken file is fed in: the rows of the last part are lost.
    static let piecesWhenBroken = 64

    /// Decodes the file into `image`, handing libwebp the first 1/`pieces`, then the first
    /// 2/`pieces`, … (`WebPIUpdate` reads the mapping in place, nothing is copied). The status
    /// (nil: no decoder) and the rows decoded.
    private func decode(into image: inout RGBAImage, pieces: Int) -> (VP8StatusCode?, Int) {
        let stride = CInt(storedWidth * 4)
        let bytes = mapping.address.assumingMemoryBound(to: UInt8.self)
        return image.pixels.withUnsafeMutableBytes { pixels -> (VP8StatusCode?, Int) in
            guard let decoder = WebPINewRGB(MODE_RGBA, pixels.baseAddress, pixels.count, stride) else {
                return (nil, 0)
            }
            defer { WebPIDelete(decoder) }
            var status = VP8_STATUS_SUSPENDED
            for part in 1...pieces where status == VP8_STATUS_SUSPENDED {
                status = WebPIUpdate(decoder, bytes, mapping.count * part / pieces)
            }
            var lastRow: CInt = 0
            _ = WebPIDecGetRGB(decoder, &lastRow, nil, nil, nil)
            return (status, min(max(Int(lastRow), 0), storedHeight))
        }
    }
}
