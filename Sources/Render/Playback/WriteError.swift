import Glibc

/// Output that could not be written, with the system's reason ("No space left on device").
public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The errno value.
    public let code: CInt

    public init(code: CInt) {
        self.code = code
    }

    public var description: String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
