internal import CPNG
public import Decode
import Glibc

/// libpng's simplified writer (`png_image_*`), which reports failure in `png_image.message`
/// instead of by longjmp: PNG files for `--extract`, PNG streams for kitty and iTerm2.
enum PNGWriter {
    /// PNG_FORMAT_RGBA, a macro Swift does not import.
    private static let rgbaFormat = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Writes 8-bit RGBA to a PNG file at `path`; what went wrong, or nil. Never through a
    /// symbolic link already at `path` (`--extract`'s folder may hold one that points elsewhere);
    /// a file left half written is removed.
    static func write(_ picture: RGBAImage, to path: String) -> String? {
        // 0666 less the umask, as fopen would make it.
        let descriptor = PathBytes.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o666)
        }
        guard descriptor >= 0 else { return errno == ELOOP ? "is a symbolic link" : String(cString: strerror(errno)) }
        guard let file = fdopen(descriptor, "wb") else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            _ = PathBytes.withCString(path) { unlink($0) }
            return reason
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(picture.width)
        image.height = png_uint_32(picture.height)
        image.format = rgbaFormat
        let written = picture.withUnsafeBytes { bytes in
            png_image_write_to_stdio(&image, file, 0, bytes.baseAddress, 0, nil)
        }
        defer { png_image_free(&image) }
        let failure = written != 0 ? nil : message(of: image)
        let closeFailure = fclose(file) != 0 ? String(cString: strerror(errno)) : nil
        guard let reason = failure ?? closeFailure else { return nil }
        _ = PathBytes.withCString(path) { unlink($0) }
        return reason
    }

    /// `region` of `picture` as a PNG stream in memory: indexed when it has at most 256 colours
    /// (a GIF's frames do; a third of the bytes to compress, and much smaller), with fully
    /// transparent pixels as one more (a palette with alpha); else RGB, or RGBA when a pixel is
    /// not opaque (left for the terminal to compose). Nil if libpng fails. `fast` trades size
    /// for speed (large frames).
    static func encode(_ picture: RGBAImage, region: PixelRect, fast: Bool) -> [UInt8]? {
        guard !region.isEmpty else { return nil }
        if let indexed = IndexedColors(picture, region: region, keepingTransparency: true) {
            guard let transparent = indexed.transparentIndex else {
                return write(
                    indexed.indices, width: region.width, height: region.height,
                    format: png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_COLORMAP), colormap: indexed.palette,
                    fast: fast)
            }
            // The colormap with alpha: R, G, B, A an entry.
            var colormap: [UInt8] = []
            for index in 0..<indexed.count {
                colormap += indexed.palette[index * 3..<index * 3 + 3]
                colormap.append(index == transparent ? 0 : 255)
            }
            return write(
                indexed.indices, width: region.width, height: region.height,
                format: png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_COLORMAP),
                colormap: colormap, fast: fast)
        }
        let opaque = isOpaque(picture, region: region)
        return write(
            samples(of: picture, region: region, channels: opaque ? 3 : 4), width: region.width,
            height: region.height, format: opaque ? png_uint_32(PNG_FORMAT_FLAG_COLOR) : rgbaFormat, colormap: nil,
            fast: fast)
    }

    private static func isOpaque(_ picture: RGBAImage, region: PixelRect) -> Bool {
        picture.pixels.withUnsafeBufferPointer { pixels in
            for y in region.y..<region.maxY {
                let row = y * picture.width
                for x in region.x..<region.maxX where pixels[row + x].a != 255 { return false }
            }
            return true
        }
    }

    /// The region's pixels as tight rows of RGB (`channels` 3) or RGBA (4), as libpng's
    /// simplified writer takes them.
    private static func samples(of picture: RGBAImage, region: PixelRect, channels: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: region.width * region.height * channels)
        picture.pixels.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { out in
                var o = 0
                for y in region.y..<region.maxY {
                    let row = y * picture.width
                    for x in region.x..<region.maxX {
                        let pixel = pixels[row + x]
                        out[o] = pixel.r
                        out[o + 1] = pixel.g
                        out[o + 2] = pixel.b
                        if channels == 4 { out[o + 3] = pixel.a }
                        o += channels
                    }
                }
            }
        }
        return out
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
        let entrySize = format & png_uint_32(PNG_FORMAT_FLAG_ALPHA) != 0 ? 4 : 3
        image.colormap_entries = png_uint_32((colormap?.count ?? 0) / entrySize)
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
