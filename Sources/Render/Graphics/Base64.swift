/// Standard base64 (RFC 4648, with padding), which kitty's and iTerm2's image escapes carry.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends `bytes` encoded to `out`.
    public static func append(_ bytes: some Collection<UInt8>, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let a = iterator.next() {
            let b = iterator.next(), c = iterator.next()
            let word = UInt32(a) << 16 | UInt32(b ?? 0) << 8 | UInt32(c ?? 0)
            out.append(alphabet[Int(word >> 18 & 63)])
            out.append(alphabet[Int(word >> 12 & 63)])
            out.append(b == nil ? UInt8(ascii: "=") : alphabet[Int(word >> 6 & 63)])
            out.append(c == nil ? UInt8(ascii: "=") : alphabet[Int(word & 63)])
        }
    }

    public static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        append(bytes, to: &out)
        return out
    }
}
