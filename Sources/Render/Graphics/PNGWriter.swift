internal import CPNG
public import Decode

/// libpng's simplified writer (`png_image_*`), which reports failure in `png_image.message`
/// instead of by longjmp: PNG files for `--extract`, PNG streams for kitty and iTerm2.
enum PNGWriter {
    /// PNG_FORMAT_RGBA, a macro Swift does not import.
    private static let rgbaFormat = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Writes 8-bit RGBA to a PNG file at `path`.
    static func write(_ picture: RGBAImage, to path: String) -> String? {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(picture.width)
        image.height = png_uint_32(picture.height)
        image.format = rgbaFormat
        let written = picture.withUnsafeBytes { bytes in
            PathBytes.withCString(path) { png_image_write_to_file(&image, $0, 0, bytes.baseAddress, 0, nil) }
        }
        defer { png_image_free(&image) }
        return written != 0 ? nil : message(of: image)
    }

    /// `region` of `picture` as a PNG stream in memory, its colour without alpha (the caller
    /// has made it opaque): indexed when it has at most 256 colours (a GIF's frames do; a third
    /// of the bytes to compress, and much smaller), else RGB. Nil if libpng fails. `fast` trades
    /// size for speed (large frames).
    static func encodeOpaque(_ picture: RGBAImage, region: PixelRect, fast: Bool) -> [UInt8]? {
        guard !region.isEmpty else { return nil }
        if let indexed = IndexedColors(picture, region: region) {
            return write(
                indexed.indices, width: region.width, height: region.height,
                format: png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_COLORMAP), colormap: indexed.palette,
                fast: fast)
        }
        // libpng's simplified writer takes tight RGB rows.
        var rgb = [UInt8](repeating: 0, count: region.width * region.height * 3)
        picture.pixels.withUnsafeBufferPointer { pixels in
            rgb.withUnsafeMutableBufferPointer { out in
                var o = 0
                for y in region.y..<region.maxY {
                    let row = y * picture.width
                    for x in region.x..<region.maxX {
                        let pixel = pixels[row + x]
                        out[o] = pixel.r
                        out[o + 1] = pixel.g
                        out[o + 2] = pixel.b
                        o += 3
                    }
                }
            }
        }
        return write(
            rgb, width: region.width, height: region.height, format: png_uint_32(PNG_FORMAT_FLAG_COLOR), colormap: nil,
            fast: fast)
    }

    private static func write(
        _ samples: [UInt8], width: Int, height: Int, format: png_uint_32, colormap: [UInt8]?, fast: Bool
    ) -> [UInt8]? {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = format
        image.flags = fast ? png_uint_32(PNG_IMAGE_FLAG_FAST) : 0
        image.colormap_entries = png_uint_32((colormap?.count ?? 0) / 3)
        defer { png_image_free(&image) }
        // A generous first guess; libpng says how much it needed when that is too little.
        var size = samples.count + 2048
        var out = [UInt8](repeating: 0, count: size)
        for _ in 0..<2 {
            let written = samples.withUnsafeBytes { pixels in
                out.withUnsafeMutableBytes { memory in
                    if let colormap {
                        return colormap.withUnsafeBytes {
                            png_image_write_to_memory(
                                &image, memory.baseAddress, &size, 0, pixels.baseAddress, 0, $0.baseAddress)
                        }
                    }
                    return png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
                }
            }
            if written != 0 && size <= out.count {
                out.removeSubrange(size...)
                return out
            }
            guard size > out.count else { return nil }
            out = [UInt8](repeating: 0, count: size)
            image.warning_or_error = 0
        }
        return nil
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        return withUnsafeBytes(of: &copy) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "libpng error" : text
        }
    }
}
