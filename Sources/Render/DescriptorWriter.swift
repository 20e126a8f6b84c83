import Glibc

/// write(2) until every byte is out (retrying after signals): frames to the terminal, text to
/// standard output and standard error.
public enum DescriptorWriter {
    /// False when the descriptor stopped taking bytes (a closed pipe, an error).
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: CInt) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
