public import Decode

/// Pictures as PNG streams, for terminals that take images as files (kitty's `f=100`, iTerm2's
/// inline images): smaller than raw pixels, and decoded by the terminal.
public enum PNGEncoder {
    /// From this many pixels on, zlib is asked for speed over size (large frames).
    public static let fastFromPixels = 1 << 18

    /// `region` (all of `image` when nil) as a PNG, with alpha only when some pixel there is
    /// not opaque. `fast` asks zlib for speed over size; nil: when the region has
    /// `fastFromPixels` or more. Nil if libpng fails.
    public static func encode(_ image: RGBAImage, region: PixelRect? = nil, fast: Bool? = nil) -> [UInt8]? {
        let area = region ?? image.bounds
        return PNGWriter.encode(image, region: area, fast: fast ?? (area.width * area.height >= fastFromPixels))
    }
}
