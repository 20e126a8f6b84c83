import Glibc
import Render

/// Messages for a person on standard error, one line each, prefixed "tview:".
enum Diagnostics {
    static func error(_ message: String, file: String? = nil) {
        line(file.map { "tview: \($0): \(message)" } ?? "tview: \(message)")
    }

    static func warning(_ message: String, file: String) {
        line("tview: \(file): warning: \(message)")
    }

    static func line(_ text: String) {
        DescriptorWriter.writeAll(Array(text.utf8) + [0x0A], to: STDERR_FILENO)
    }
}
