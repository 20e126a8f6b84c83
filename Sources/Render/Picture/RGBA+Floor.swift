import Decode

extension RGBA {
    /// The darkest of `pixels`, channel by channel (opaque): a mosaic cell's floor.
    static func floor(of pixels: UnsafeBufferPointer<RGBA>) -> RGBA {
        var least = SIMD4<UInt8>(repeating: .max)
        for pixel in pixels {
            let bytes = SIMD4(pixel.r, pixel.g, pixel.b, 255)
            least.replace(with: bytes, where: bytes .< least)
        }
        return RGBA(r: least[0], g: least[1], b: least[2])
    }
}
