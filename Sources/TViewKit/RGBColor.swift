internal import Decode

/// A colour in sRGB, 8 bits a channel.
public struct RGBColor: Sendable, Equatable {
    /// The red channel, 0 to 255.
    public var red: UInt8
    /// The green channel, 0 to 255.
    public var green: UInt8
    /// The blue channel, 0 to 255.
    public var blue: UInt8

    /// A colour of these channels.
    /// - Parameters:
    ///   - red: the red channel, 0 to 255.
    ///   - green: the green channel, 0 to 255.
    ///   - blue: the blue channel, 0 to 255.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    var rgba: RGBA { RGBA(r: red, g: green, b: blue) }
}
