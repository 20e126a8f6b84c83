/// A C library's numeric error code. An open set (giflib's D_GIF_ERR_*, WebP's VP8StatusCode), so
/// a struct rather than an enum, as swift-system does with `Errno`.
public struct LibraryCode: RawRepresentable, Sendable, Equatable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "code \(rawValue)" }
}
