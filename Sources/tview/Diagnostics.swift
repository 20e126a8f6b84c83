import Glibc

/// Messages for a person on standard error, one line each, prefixed "tview:".
enum Diagnostics {
    static func error(_ message: String, file: String? = nil) {
        line(file.map { "tview: \($0): \(message)" } ?? "tview: \(message)")
    }

    static func warning(_ message: String, file: String) {
        line("tview: \(file): warning: \(message)")
    }

    static func line(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
