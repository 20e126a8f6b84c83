extension ImageFormat {
    /// The name used in messages.
    public var displayName: String {
        switch self {
        case .gif: return "GIF"
        case .png: return "PNG"
        case .apng: return "APNG"
        case .webp: return "WebP"
        case .jpeg: return "JPEG"
        case .avif: return "AVIF"
        case .jxl: return "JPEG XL"
        case .mp4: return "MP4"
        case .mov: return "MOV"
        case .webm: return "WebM"
        case .mkv: return "Matroska"
        }
    }
}
