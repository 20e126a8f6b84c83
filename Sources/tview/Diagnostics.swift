import Glibc
import Terminal

/// Messages for a person on standard error, one line each, prefixed "tview:". File names are
/// quoted as coreutils does, and anything else that would act on the terminal (it may come from
/// a file's bytes or a library) is shown as an escape.
enum Diagnostics {
    static func error(_ message: String, file: String? = nil) {
        line(file.map { "tview: \(TerminalText.quotedName($0)): \(message)" } ?? "tview: \(message)")
    }

    static func warning(_ message: String, file: String) {
        line("tview: \(TerminalText.quotedName(file)): warning: \(message)")
    }

    static func line(_ text: String) {
        // Nothing more can be said when standard error itself fails.
        try? DescriptorWriter.writeAll(ScreenText(text).bytes + [0x0A], to: STDERR_FILENO)
    }
}
