internal import CPNG

/// libpng's simplified API (`png_image_*`), which reports failure in `png_image.message` instead
/// of longjmp-ing, so no setjmp is needed and no C jump crosses a Swift frame.
enum LibPNG {
    /// PNG_FORMAT_RGBA, a macro Swift does not import.
    private static let rgbaFormat = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Decodes a complete PNG stream in memory to 8-bit RGBA of `width` × `height`. Gamma and
    /// colour-space chunks are not in the stream (see `PNGStreamBuilder`), and 16-bit samples are
    /// taken as sRGB, so values come out as stored.
    static func decode(stream: [UInt8], width: Int, height: Int) throws(DecodeError) -> [RGBA] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let began = stream.withUnsafeBytes { bytes in
            png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count)
        }
        guard began != 0 else {
            defer { png_image_free(&image) }
            throw failure(image)
        }
        guard Int(image.width) == width, Int(image.height) == height else {
            png_image_free(&image)
            throw .corrupt(format: .png, detail: "frame header disagrees with its size")
        }
        image.format = rgbaFormat
        image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
        var finished: CInt = 0
        let pixels = [RGBA](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            finished = png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
            // On failure the buffer may be partly written; RGBA has no invalid bit pattern.
            initialized = width * height
        }
        guard finished != 0 else {
            defer { png_image_free(&image) }
            throw failure(image)
        }
        return pixels
    }

    /// Writes 8-bit RGBA to a PNG file at `path`.
    static func write(_ picture: RGBAImage, to path: String) -> String? {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(picture.width)
        image.height = png_uint_32(picture.height)
        image.format = rgbaFormat
        let written = picture.withUnsafeBytes { bytes in
            png_image_write_to_file(&image, path, 0, bytes.baseAddress, 0, nil)
        }
        defer { png_image_free(&image) }
        return written != 0 ? nil : message(of: image)
    }

    private static func failure(_ image: png_image) -> DecodeError {
        let text = message(of: image)
        if text.contains("Not enough image data") || text.contains("EOF") || text.contains("truncated") {
            return .truncated(format: .png, what: text)
        }
        return .corrupt(format: .png, detail: text)
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
