import Glibc
import Render

/// Writes to standard output with write(2), all of it; false when the reader went away.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) -> Bool {
        DescriptorWriter.writeAll(bytes, to: STDOUT_FILENO)
    }

    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
