/// The container formats tview reads, told apart by their first bytes, never by the file name.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case gif
    case png
    case apng
    case webp
    case jpeg
    case avif
    case jxl
    /// Video clips, through FFmpeg: ISO base media (MP4, and QuickTime's MOV) and Matroska
    /// (WebM, MKV).
    case mp4
    case mov
    case webm
    case mkv

    /// How many leading bytes `sniff` needs to decide (a Matroska file names its kind in its
    /// header, some dozens of bytes in).
    public static let magicLength = 64

    /// A video clip, played through FFmpeg.
    public var isVideo: Bool { [.mp4, .mov, .webm, .mkv].contains(self) }

    /// Major brands of MP4 files that hold video: ISO's, MPEG-4's, Apple's, DASH, 3GPP, Flash.
    private static let videoBrands: Set<String> = [
        "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VP", "dash", "3gp4",
        "3gp5", "3gp6", "3g2a", "mmp4", "MSNV", "f4v ",
    ]

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let jxlContainerSignature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// The format whose magic number `prefix` starts with. PNG and APNG share a signature: the PNG
    /// reader tells them apart by the `acTL` chunk, so this answers `.png` for both.
    public static func sniff<Bytes: Collection>(_ prefix: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        let bytes = Array(prefix.prefix(magicLength))
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            return .gif
        }
        if bytes.starts(with: pngSignature) {
            return .png
        }
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        // SOI, then a marker.
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return .jpeg
        }
        // An ISO BMFF file type box whose major brand is a still AVIF or an AVIF sequence.
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8),
            bytes[8..<12].elementsEqual("avif".utf8) || bytes[8..<12].elementsEqual("avis".utf8)
        {
            return .avif
        }
        // A bare JPEG XL codestream, or the JPEG XL container's signature box.
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: jxlContainerSignature) {
            return .jxl
        }
        // An ISO base media file type box whose major brand is a video one: QuickTime's is MOV,
        // the rest MP4. (HEIF stills, `heic` and `mif1`, are not clips.)
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if brand == "qt  " { return .mov }
            if videoBrands.contains(brand) { return .mp4 }
        }
        // An EBML header: its DocType says WebM, else it is Matroska.
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            let webm = Array("webm".utf8)
            let found = bytes.indices.contains { bytes[$0...].starts(with: webm) }
            return found ? .webm : .mkv
        }
        return nil
    }
}
