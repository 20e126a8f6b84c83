/// Why an image could not be read. Each case renders as one line for a person; the CLI prefixes
/// it with `tview: FILE:`.
public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read (`reason` is the system's words).
    case unreadable(reason: String)
    /// Zero bytes: an empty file or an empty standard input.
    case empty
    /// The first bytes are no GIF, PNG, WebP, JPEG, AVIF, JPEG XL, MP4/MOV or Matroska signature.
    case unsupportedFormat(magic: [UInt8])
    /// The data ends before `what` was complete.
    case truncated(format: ImageFormat, what: String)
    /// The data is malformed (`detail` says how).
    case corrupt(format: ImageFormat, detail: String)
    /// The canvas or a frame is larger than tview agrees to allocate.
    case tooLarge(format: ImageFormat, width: Int, height: Int)
    /// Decoding would need more memory than the budget allows (`DecodeLimits.memoryBudget`).
    case overBudget(format: ImageFormat, width: Int, height: Int, needed: Int, budget: Int)
    /// The C library refused the data; `code` is its own number, `message` its own text.
    case library(format: ImageFormat, code: LibraryCode, message: String)
    /// The library that decodes the format could not be loaded (libavif and libjxl are opened
    /// when a file needs them); `reason` is the loader's words.
    case libraryUnavailable(format: ImageFormat, reason: String)
    /// The file parsed, but not one frame of it decoded.
    case noFrames(format: ImageFormat)
    /// The file became shorter while it was being read (rewritten or cut under tview).
    case changedWhileReading(format: ImageFormat)
    /// An option asks for what the file does not have (`--range` past the numbered files,
    /// `--count` past a sheet's frames): a usage error, `detail` says what there is.
    case doesNotFit(option: String, detail: String)

    public var description: String {
        switch self {
        case .unreadable(let reason):
            return reason
        case .empty:
            return "empty input"
        case .unsupportedFormat(let magic):
            if magic.isEmpty { return "not a GIF, PNG, WebP, JPEG, AVIF, JPEG XL image or video clip" }
            let hex = magic.prefix(8).map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }
            return
                "not a GIF, PNG, WebP, JPEG, AVIF, JPEG XL image or video clip (starts with \(hex.joined(separator: " ")))"
        case .truncated(let format, let what):
            return "\(format.displayName) is truncated: \(what)"
        case .corrupt(let format, let detail):
            return "\(format.displayName) is corrupt: \(detail)"
        case .tooLarge(let format, let width, let height):
            return "\(format.displayName) is too large: \(width)x\(height) exceeds the limit of "
                + "\(DecodeLimits.maxPixels) pixels"
        case .overBudget(let format, let width, let height, let needed, let budget):
            return "\(format.displayName) needs up to \(megabytes(needed)) MB to decode its \(width)x\(height) canvas, "
                + "over the memory budget of \(megabytes(budget)) MB (--max-memory)"
        case .library(let format, let code, let message):
            return "\(format.displayName) decoder failed: \(message) (\(code))"
        case .libraryUnavailable(let format, let reason):
            return "\(format.displayName) needs a library that could not be loaded: \(reason)"
        case .noFrames(let format):
            return "\(format.displayName) has no frame that decodes"
        case .doesNotFit(let option, let detail):
            return "\(option): \(detail)"
        case .changedWhileReading(let format):
            return "\(format.displayName) file changed while it was read: it is shorter now"
        }
    }

    private func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
