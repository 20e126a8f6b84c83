/// File names are bytes on Linux, not always UTF-8. A name read from the command line keeps
/// every byte that is not valid UTF-8 as a code point of its own, U+F780 + byte (a private-use
/// range, as some systems' "UTF-8b" does), so the file opens again by its real bytes and
/// messages can show them as `\xHH`; anything else is ordinary text.
public enum PathBytes {
    /// Where stray bytes 0x80–0xFF land.
    public static let strayBase: UInt32 = 0xF700

    /// The name for `bytes` (no terminating zero).
    public static func string(from bytes: some Collection<UInt8>) -> String {
        let all = Array(bytes)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < all.count {
            // A fresh decoder at each position: a bad sequence gives up one byte, not more.
            var decoder = UTF8()
            var rest = all[index...].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&rest) {
                out.append(scalar)
                index += UTF8.width(scalar)
            } else {
                out.append(Unicode.Scalar(strayBase + UInt32(all[index]))!)
                index += 1
            }
        }
        return String(out)
    }

    /// The bytes `string` stands for (stray bytes back to themselves), with no terminating zero.
    public static func bytes(of string: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in string.unicodeScalars {
            if let byte = strayByte(scalar) {
                out.append(byte)
            } else {
                UTF8.encode(scalar) { out.append($0) }
            }
        }
        return out
    }

    /// Calls `body` with the zero-terminated bytes `path` stands for (for open, mkdir, …).
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        let terminated = bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return try terminated.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The byte a stray-byte code point stands for.
    public static func strayByte(_ scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.value >= strayBase + 0x80, scalar.value <= strayBase + 0xFF else { return nil }
        return UInt8(scalar.value - strayBase)
    }
}
