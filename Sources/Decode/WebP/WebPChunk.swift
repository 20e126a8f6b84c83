/// A WebP file's RIFF chunks, walked from the first after the header: each one's four-letter
/// tag and its body, checked to lie inside the file (a chunk reaching past it ends the walk).
enum WebPChunk {
    /// The body of the first chunk tagged `tag`; nil when none comes before a chunk tagged one of
    /// `stops`, or before the end.
    static func body(_ tag: String, in bytes: UnsafeRawBufferPointer, before stops: Set<String> = [])
        -> UnsafeRawBufferPointer?
    {
        var at = 12
        while at + 8 <= bytes.count {
            let found = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
            let size =
                Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            guard at + 8 + size <= bytes.count else { return nil }
            if found == tag { return UnsafeRawBufferPointer(rebasing: bytes[(at + 8)..<(at + 8 + size)]) }
            if stops.contains(found) { return nil }
            at += 8 + size + (size & 1)
        }
        return nil
    }
}
