import Graphics
import Decode
import Testing

/// PNG streams for kitty and iTerm2 decode back to the pixels encoded: indexed when there are
/// at most 256 colours, RGB beyond.
@Suite struct PNGEncoderTests {
    static func picture(colors: Int, width: Int = 37, height: Int = 23) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let value = (x * 7 + y * 13) % colors
                image[x, y] = RGBA(r: UInt8(value & 255), g: UInt8(value >> 8 & 255), b: UInt8((value * 3) & 255))
            }
        }
        return image
    }

    @Test(arguments: [1, 200, 256, 257, 800])
    func decodesToWhatWasEncoded(colors: Int) throws {
        let image = Self.picture(colors: colors)
        let region = PixelRect(x: 3, y: 2, width: 30, height: 17)
        let png = try #require(PNGEncoder.encodeOpaque(image, region: region))
        // Indexed (colour type 3) up to 256 colours, RGB (2) beyond.
        #expect(png[25] == (IndexedColors(image, region: region) != nil ? 3 : 2))
        let decoded = try #require(try AnimatedImage.open(bytes: png, name: "encoded").nextFrame()).image
        #expect(decoded.width == region.width && decoded.height == region.height)
        for y in 0..<region.height {
            for x in 0..<region.width {
                #expect(decoded[x, y] == image[region.x + x, region.y + y])
            }
        }
    }

    @Test func indexedColorsStopsPastTwoHundredAndFiftySix() {
        let full = PixelRect(x: 0, y: 0, width: 37, height: 23)
        #expect(IndexedColors(Self.picture(colors: 256), region: full)?.count == 256)
        #expect(IndexedColors(Self.picture(colors: 257), region: full) == nil)
    }
}
