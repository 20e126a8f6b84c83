internal import Decode

/// A colour in sRGB, 8 bits a channel.
public struct RGBColor: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    var rgba: RGBA { RGBA(r: red, g: green, b: blue) }
}
