internal import CJPEGShim

/// A JPEG still (baseline or progressive; greyscale, YCbCr, CMYK) through libjpeg-turbo, via the
/// C shim that keeps libjpeg's longjmp on the C side: one frame. Data that breaks off decodes as
/// far as it goes (libjpeg greys the rest) and says so. EXIF orientation and an embedded ICC
/// profile (APP2) are applied, as browsers do: a phone's portrait photo shows upright, a Display
/// P3 one in its colours.
final class JPEGDecoder: FrameDecoder {
    let format = ImageFormat.jpeg
    var canvasWidth: Int { orientation.orientedSize(width: storedWidth, height: storedHeight).width }
    var canvasHeight: Int { orientation.orientedSize(width: storedWidth, height: storedHeight).height }
    let loopCount: Int? = nil
    let declaredFrameCount: Int? = 1
    private(set) var notes: [String] = []
    let colorProfile: ColorProfile?

    private let file: MappedFile
    private var done = false
    /// The picture's size as stored in the file, and as decoded (the stored size over `scale`,
    /// rounded up as libjpeg rounds).
    private let fullWidth: Int
    private let fullHeight: Int
    let pictureSize: (width: Int, height: Int)
    private var storedWidth: Int { Self.scaled(fullWidth, by: scale) }
    private var storedHeight: Int { Self.scaled(fullHeight, by: scale) }
    /// libjpeg-turbo's DCT scaling: 1, 2, 4 or 8, the most that still gives the picture at least
    /// the pixels `DecodeLimits.frameBound` shows it at, or fewer where `show(at:)` says so.
    private(set) var scale: Int
    /// The scale the file was opened at, for `DecodeLimits.frameBound` (its memory was checked
    /// for that): `show(at:)` never asks for more.
    private let openedScale: Int
    /// A bound `show(at:)` asked for, taken up when the picture is next decoded.
    private let pendingBound = PendingBound()
    private let orientation: PixelOrientation
    /// The file is CMYK and its profile too: decoded as ink, which the profile turns into RGB.
    private let convertsInk: Bool
    /// libjpeg warned that the data was damaged or cut short and drew the rest grey.
    private(set) var dataEndedEarly = false

    /// The decoded picture; beside it, the mapped file and a progressive file's coefficients
    /// (as the header gives them; measured at 4000x4000: 1.25 canvases baseline plus the file,
    /// 1.9 progressive 4:2:0 plus the file).
    static let canvasesHeld = 1

    init(input: InputFile, limits: DecodeLimits) throws(DecodeError) {
        let file = try input.map()
        self.file = file
        var width: UInt32 = 0, height: UInt32 = 0
        var cmyk: CInt = 0
        var coefficientBytes = 0
        var message = [CChar](repeating: 0, count: 200)
        let read = message.withUnsafeMutableBufferPointer { text in
            tview_jpeg_size(
                file.address.assumingMemoryBound(to: UInt8.self), file.count, &width, &height, &cmyk,
                &coefficientBytes, text.baseAddress, text.count)
        }
        guard read != 0 else { throw Self.failure(message) }
        fullWidth = Int(width)
        fullHeight = Int(height)
        let bytes = UnsafeRawBufferPointer(start: file.address, count: file.count)
        orientation = ExifOrientation.orientation(ExifOrientation.value(jpeg: bytes))
        colorProfile =
            limits.convertsColorProfiles
            ? ColorProfile.jpegProfile(bytes).map { ColorProfile(icc: $0, ink: cmyk != 0) } : nil
        // A CMYK file with a CMYK profile: its ink through the profile (as browsers), else the
        // plain Adobe rule.
        convertsInk = cmyk != 0 && colorProfile?.isCMYK == true
        let upright = orientation.orientedSize(width: fullWidth, height: fullHeight)
        pictureSize = upright
        let bound = Self.scale(width: upright.width, height: upright.height, bound: limits.frameBound)
        // A turned picture is held twice while it is turned; a progressive file's coefficients
        // are kept at the full size whatever the scale. A refusal names the picture's own size,
        // not the scaled canvas (the coefficients are the full size's).
        let (stored, canvases) = ((Int(width), Int(height)), Self.canvasesHeld + (orientation.isUpright ? 0 : 1))
        func check(_ scale: Int) throws(DecodeError) {
            try limits.checkMemory(
                width: Self.scaled(stored.0, by: scale), height: Self.scaled(stored.1, by: scale), canvases: canvases,
                alsoBytes: coefficientBytes + file.count, format: .jpeg)
        }
        do {
            try check(bound)
            scale = bound
        } catch {
            // Within the limits at a smaller scale, where the caller takes that.
            if limits.scalesToFit, let smaller = [2, 4, 8].first(where: { $0 > bound && (try? check($0)) != nil }) {
                scale = smaller
            } else if case .overBudget(let format, _, _, let needed, let budget) = error {
                throw .overBudget(
                    format: format, width: upright.width, height: upright.height, needed: needed, budget: budget)
            } else if case .tooLarge(let format, _, _) = error {
                throw .tooLarge(format: format, width: upright.width, height: upright.height)
            } else {
                throw error
            }
        }
        openedScale = scale
    }

    func rewind() throws(DecodeError) {
        done = false
    }

    /// Text cells read fewer pixels than the area's pixels `DecodeLimits.frameBound` assumes
    /// before the terminal has said what it takes (a 6000x4000 photo at 160x48 cells: 1/8 of
    /// its size, where 10x20 pixels a cell made it 1/4): the next decoding is at the scale for
    /// `bound`, never larger than the one the file was opened for (its memory was checked for
    /// that): smaller, or back up to that after a larger terminal. Safe from any thread.
    func show(at bound: FrameBound) {
        pendingBound.ask(bound)
    }

    private func takePendingBound() {
        guard let bound = pendingBound.take() else { return }
        let upright = orientation.orientedSize(width: fullWidth, height: fullHeight)
        // Rows `pixelAspect` times taller than wide: as many square pixels as that.
        let square = FrameBound(
            width: bound.width, height: Int((Double(bound.height) * bound.pixelAspect).rounded(.up)))
        scale = max(openedScale, Self.scale(width: upright.width, height: upright.height, bound: square))
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        guard !done else { return nil }
        done = true
        takePendingBound()
        var message = [CChar](repeating: 0, count: 200)
        var result: CInt = 0
        let count = storedWidth * storedHeight
        let pixels = [RGBA](unsafeUninitializedCapacity: count) { buffer, initialized in
            result = message.withUnsafeMutableBufferPointer { text in
                UnsafeMutableRawPointer(buffer.baseAddress!).withMemoryRebound(to: UInt8.self, capacity: count * 4) {
                    tview_jpeg_decode_rgba(
                        file.address.assumingMemoryBound(to: UInt8.self), file.count, CUnsignedInt(scale),
                        UInt32(storedWidth), UInt32(storedHeight), convertsInk ? 1 : 0, $0, text.baseAddress,
                        text.count)
                }
            }
            // On failure rows may be partly written; RGBA has no invalid bit pattern.
            initialized = count
        }
        guard result != 0 else { throw Self.failure(message) }
        if result == 2 && notes.isEmpty {
            notes.append("damaged or cut short (\(String(cBuffer: message))): the rest is grey")
            dataEndedEarly = true
        }
        // A still shows for what an unset delay plays as, as a still PNG does.
        var shown = RGBAImage(width: storedWidth, height: storedHeight, pixels: pixels)
        // Given up, so the profile converts it in place, not in a copy.
        if let colorProfile {
            shown = convertsInk ? colorProfile.convert(ink: consume shown) : colorProfile.convert(consume shown)
        }
        return Frame(image: orientation.apply(to: shown), duration: FrameDelay.playable(.zero))
    }

    /// A side of the stored picture at 1/`scale`, rounded up as libjpeg rounds.
    private static func scaled(_ length: Int, by scale: Int) -> Int { (length + scale - 1) / scale }

    /// The largest of 8, 4, 2 and 1 that divides a `width` x `height` picture and still leaves
    /// at least the pixels it is shown at within `bound` (fitted, never enlarged).
    static func scale(width: Int, height: Int, bound: FrameBound?) -> Int {
        guard let bound else { return 1 }
        let shown = min(1, Double(bound.width) / Double(width), Double(bound.height) / Double(height))
        return [8, 4, 2].first { 1 / Double($0) >= shown } ?? 1
    }

    private static func failure(_ message: [CChar]) -> DecodeError {
        let text = String(cBuffer: message)
        if text.contains("Premature end") || text.contains("ends early") {
            return .truncated(format: .jpeg, what: text)
        }
        return .corrupt(format: .jpeg, detail: text.isEmpty ? "libjpeg error" : text)
    }
}
