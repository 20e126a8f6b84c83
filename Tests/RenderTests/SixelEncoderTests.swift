@testable import Graphics
import Decode
import Picture
import TestSupport
import Testing

/// Sixel output read back by an independent decoder: what a terminal would draw.
@Suite struct SixelEncoderTests {
    private func close(_ pixel: RGBA, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bool {
        pixel.a == 255 && abs(Int(pixel.r) - Int(r)) <= 2 && abs(Int(pixel.g) - Int(g)) <= 2
            && abs(Int(pixel.b) - Int(b)) <= 2
    }

    private func randomImage(_ width: Int, _ height: Int, seed: UInt64) -> RGBAImage {
        var random = SplitMix64(seed: seed)
        var image = RGBAImage(width: width, height: height)
        for index in image.pixels.indices {
            let value = random.next()
            let alpha: UInt8 = value & 7 == 0 ? 0 : (value & 8 == 0 ? 255 : UInt8(truncatingIfNeeded: value >> 40))
            image.pixels[index] = RGBA(
                r: UInt8(truncatingIfNeeded: value >> 8), g: UInt8(truncatingIfNeeded: value >> 16),
                b: UInt8(truncatingIfNeeded: value >> 24), a: alpha)
        }
        return image
    }

    @Test(arguments: [(1, 1), (7, 5), (13, 6), (40, 13), (64, 64)])
    func everyPixelIsDrawnInItsRegistersColour(width: Int, height: Int) throws {
        let image = randomImage(width, height, seed: UInt64(width * 100 + height))
        let encoder = SixelEncoder(background: RGBA(r: 10, g: 20, b: 30), dither: true)
        let (decoded, _) = try SixelDecoder.decode(encoder.encode(image))
        #expect(decoded.width == width && decoded.height == height)
        // An opaque picture of at most 256 colours goes out in its own colours.
        let exact = image.pixels.allSatisfy { $0.a == 255 }
        for y in 0..<height {
            for x in 0..<width {
                let register = encoder.register(image[x, y], x: x, y: y)
                let (r, g, b) =
                    exact ? (image[x, y].r, image[x, y].g, image[x, y].b) : SixelEncoder.color(ofRegister: register)
                // Every pixel painted (transparent ones in the background's register), in the
                // register's colour (within the percent round trip sixel colours take).
                #expect(close(decoded[x, y], r, g, b), "(\(x), \(y))")
            }
        }
    }

    @Test func quantizingStaysCloseWithoutDither() {
        let encoder = SixelEncoder(dither: false)
        for value in stride(from: 0, through: 255, by: 5) {
            let pixel = RGBA(r: UInt8(value), g: UInt8(value), b: UInt8(255 - value))
            let (r, g, b) = SixelEncoder.color(ofRegister: encoder.register(pixel, x: 0, y: 0))
            #expect(abs(Int(r) - value) <= 26 && abs(Int(g) - value) <= 22 && abs(Int(b) - (255 - value)) <= 26)
        }
        // Transparent shows the background; half alpha blends over it.
        let over = SixelEncoder(background: RGBA(r: 255, g: 255, b: 255), dither: false)
        #expect(SixelEncoder.color(ofRegister: over.register(.transparent, x: 0, y: 0)) == (255, 255, 255))
    }

    @Test func aRegionIsEncodedAlone() throws {
        let image = randomImage(30, 20, seed: 3)
        let encoder = SixelEncoder()
        let region = PixelRect(x: 7, y: 5, width: 11, height: 8)
        let (decoded, _) = try SixelDecoder.decode(encoder.encode(image, region: region))
        #expect(decoded.width == 11 && decoded.height == 8)
        for y in 0..<8 {
            for x in 0..<11 {
                let (r, g, b) = SixelEncoder.color(
                    ofRegister: encoder.register(image[x + 7, y + 5], x: x + 7, y: y + 5))
                #expect(close(decoded[x, y], r, g, b))
            }
        }
        #expect(encoder.encode(image, region: .empty).isEmpty)
    }

    @Test func runsAreCompressed() {
        // One colour, 200 pixels wide: one run per band, not 200 characters.
        let image = RGBAImage(width: 200, height: 12, fill: RGBA(r: 255, g: 0, b: 0))
        let bytes = SixelEncoder(dither: false).encode(image)
        #expect(bytes.count < 80, "\(bytes.count) bytes")
        #expect(String(decoding: bytes, as: UTF8.self).contains("!200~"))
    }
}
