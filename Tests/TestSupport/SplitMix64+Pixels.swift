public import Decode

extension SplitMix64 {
    /// An opaque pixel of random colour (the next draw's low three bytes: red, green, blue).
    public mutating func opaquePixel() -> RGBA {
        let value = next()
        return RGBA(
            r: UInt8(truncatingIfNeeded: value), g: UInt8(truncatingIfNeeded: value >> 8),
            b: UInt8(truncatingIfNeeded: value >> 16))
    }

    /// A canvas of random opaque pixels, drawn row by row.
    public mutating func opaqueCanvas(width: Int, height: Int) -> RGBAImage {
        var canvas = RGBAImage(width: width, height: height)
        for index in canvas.pixels.indices { canvas.pixels[index] = opaquePixel() }
        return canvas
    }
}
