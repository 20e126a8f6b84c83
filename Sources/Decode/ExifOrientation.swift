/// EXIF's Orientation tag (0x0112), read from a JPEG's APP1 segment, a PNG's eXIf chunk or a
/// WebP's EXIF chunk, and
/// the turn and mirror that show the picture upright, as browsers apply it (CSS
/// `image-orientation: from-image`, the default since 2020). Bounded reads of the file's bytes
/// only: a malformed or missing tag reads as upright.
enum ExifOrientation {
    /// The orientation a TIFF structure (EXIF's payload after "Exif\0\0", or a PNG eXIf chunk)
    /// states in its first IFD, 1 to 8; nil when it states none or is malformed.
    static func value(tiff bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            let a = Int(bytes[at]), b = Int(bytes[at + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
            return high << 16 | low
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            // SHORT, one value: in the first two bytes of the value field.
            if tag == 0x0112, u16(at + 2) == 3, let value = u16(at + 8), (1...8).contains(value) {
                return value
            }
        }
        return nil
    }

    /// The orientation a JPEG's first EXIF APP1 segment states; nil when none does.
    static func value(jpeg bytes: UnsafeRawBufferPointer) -> Int? {
        var found: Int?
        JPEGSegments.forEach(in: bytes) { marker, body in
            guard marker == 0xE1, body.count > 6, body.starts(with: Array("Exif".utf8) + [0, 0]) else { return true }
            found = value(tiff: UnsafeRawBufferPointer(rebasing: body[6...]))
            return false
        }
        return found
    }

    /// The orientation a WebP's EXIF chunk states (its extended header's EXIF flag set); nil
    /// when none does. The chunk is TIFF data, after "Exif\0\0" where a writer put one.
    static func value(webp bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)),
            bytes[8..<16].elementsEqual(Array("WEBPVP8X".utf8)), bytes[20] & 0x08 != 0
        else { return nil }
        // The metadata chunks come after the image's: every chunk is walked, each a jump.
        guard var body = WebPChunk.body("EXIF", in: bytes) else { return nil }
        if body.starts(with: Array("Exif".utf8) + [0, 0]) { body = UnsafeRawBufferPointer(rebasing: body[6...]) }
        return value(tiff: body)
    }

    /// The turn and mirror that show a picture with EXIF orientation `value` upright.
    static func orientation(_ value: Int?) -> PixelOrientation {
        switch value {
        case 2: return PixelOrientation(quarterTurns: 0, flipsVertically: false, flipsHorizontally: true)
        case 3: return PixelOrientation(quarterTurns: 2, flipsVertically: false, flipsHorizontally: false)
        case 4: return PixelOrientation(quarterTurns: 0, flipsVertically: true, flipsHorizontally: false)
        // Transposed: a quarter turn clockwise, then mirrored left to right.
        case 5: return PixelOrientation(quarterTurns: 3, flipsVertically: false, flipsHorizontally: true)
        case 6: return PixelOrientation(quarterTurns: 3, flipsVertically: false, flipsHorizontally: false)
        // Transversed: a quarter turn clockwise, then mirrored top to bottom.
        case 7: return PixelOrientation(quarterTurns: 3, flipsVertically: true, flipsHorizontally: false)
        case 8: return PixelOrientation(quarterTurns: 1, flipsVertically: false, flipsHorizontally: false)
        default: return .upright
        }
    }
}
