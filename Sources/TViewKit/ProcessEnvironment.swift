import Glibc

/// The process's environment as a dictionary, read without Foundation (whose file and text
/// machinery tview does not otherwise link).
public enum ProcessEnvironment {
    /// Every variable as `environ` has it now.
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
