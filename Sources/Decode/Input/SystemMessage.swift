import Glibc

/// The C library's text for an errno value, e.g. "No such file or directory".
func systemMessage(_ code: CInt) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
