import Glibc
import TViewKit

/// Messages for a person on standard error, one line each, prefixed "tview:". File names are
/// quoted as coreutils does, and anything else that would act on the terminal (it may come from
/// a file's bytes or a library) is shown as an escape (`SafeText`).
enum Diagnostics {
    static func error(_ message: String, file: String? = nil) {
        line(file.map { "tview: \(SafeText.quotedName($0)): \(message)" } ?? "tview: \(message)")
    }

    static func warning(_ message: String, file: String) {
        line("tview: \(SafeText.quotedName(file)): warning: \(message)")
    }

    static func line(_ text: String) {
        // Nothing more can be said when standard error itself fails.
        try? SafeText.write(SafeText.line(text), to: STDERR_FILENO)
    }
}
