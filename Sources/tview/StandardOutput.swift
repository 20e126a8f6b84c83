import Glibc
import Playback
import Terminal

/// Writes to standard output with write(2), all of it, or throws why not (a full disk).
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws(WriteError) {
        try DescriptorWriter.writeAll(bytes, to: STDOUT_FILENO)
    }

    /// Text for a person or a script, lines apart and a newline added, each line made inert
    /// (`ScreenText`): standard output may be the terminal.
    static func write(line: String) throws(WriteError) {
        let lines = line.split(separator: "\n", omittingEmptySubsequences: false).map { ScreenText(String($0)) }
        try write(lines.flatMap { $0.bytes + [0x0A] })
    }

    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The one-line message for output that could not be written.
    static func report(_ error: WriteError) {
        Diagnostics.error("cannot write to standard output: \(error)")
    }
}
