public import Decode

/// A file that stopped playing, and why (reported when playing ends).
public struct FileFailure: Sendable, Equatable {
    public var name: String
    public var error: DecodeError

    public init(name: String, error: DecodeError) {
        self.name = name
        self.error = error
    }
}
