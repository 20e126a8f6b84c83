import Glibc

/// Writes to standard output with write(2), all of it; false when the reader went away.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
