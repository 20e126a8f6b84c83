import Glibc
import TViewKit

/// Writes to standard output with write(2), all of it, or throws why not (a full disk).
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws(TViewError) {
        try SafeText.write(bytes, to: STDOUT_FILENO)
    }

    /// Text for a person or a script, lines apart and a newline added, each line made inert
    /// (`SafeText`): standard output may be the terminal.
    static func write(line: String) throws(TViewError) {
        try write(SafeText.lines(line))
    }

    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The one-line message for output that could not be written.
    static func report(_ error: TViewError) {
        Diagnostics.error("cannot write to standard output: \(error)")
    }
}
