/// A JPEG's header segments (those before its first scan), walked with bounded reads: where EXIF
/// (APP1) and ICC profiles (APP2) are found.
enum JPEGSegments {
    /// Calls `body` with each segment's marker and contents, in order, until it returns false,
    /// the scan (or the image's end) begins, or a segment reaches past the data.
    static func forEach(in bytes: UnsafeRawBufferPointer, _ body: (UInt8, UnsafeRawBufferPointer) -> Bool) {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xDA || marker == 0xD9 { return }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return }
            guard body(marker, UnsafeRawBufferPointer(rebasing: bytes[(at + 4)..<(at + 2 + length)])) else { return }
            at += 2 + length
        }
    }
}
