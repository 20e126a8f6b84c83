/// One 8-bit, non-premultiplied RGBA pixel. Four bytes, no padding, so a `[RGBA]` can be handed
/// to C as a tight byte buffer (a test pins the stride).
@frozen
public struct RGBA: Sendable, Equatable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)
    public static let opaqueBlack = RGBA(r: 0, g: 0, b: 0, a: 255)
}
