/// Pictures as PNG streams, for terminals that take images as files (kitty's `f=100`, iTerm2's
/// inline images): smaller than raw pixels, and decoded by the terminal.
public enum PNGEncoder {
    /// `region` (all of `image` when nil) as an opaque PNG: alpha is dropped, so composite first.
    /// `fast` asks zlib for speed over size (for large frames). Nil if libpng fails.
    public static func encodeOpaque(_ image: RGBAImage, region: PixelRect? = nil, fast: Bool = false) -> [UInt8]? {
        LibPNG.encodeOpaque(
            image, region: region ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height), fast: fast)
    }
}
