import Graphics
import Decode
import Testing

/// PNG streams for kitty and iTerm2 decode back to the pixels encoded: indexed when there are
/// at most 256 colours, RGB beyond, RGBA where some pixel is not opaque.
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
        let png = try #require(PNGEncoder.encode(image, region: region))
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

    /// A region with a pixel that is partly transparent keeps its alpha (RGBA, colour type 6),
    /// for the terminal to compose; an opaque one is written without; one whose pixels are
    /// opaque or fully transparent stays indexed.
    @Test func transparencyIsKeptWhereThereIsSome() throws {
        var image = Self.picture(colors: 200)
        image[5, 4] = RGBA(r: 10, g: 20, b: 30, a: 0)
        image[6, 4] = RGBA(r: 200, g: 100, b: 50, a: 128)
        let region = PixelRect(x: 3, y: 2, width: 30, height: 17)
        let png = try #require(PNGEncoder.encode(image, region: region))
        #expect(png[25] == 6)
        let decoded = try #require(try AnimatedImage.open(bytes: png, name: "encoded").nextFrame()).image
        #expect(decoded[3, 2] == image[6, 4] && decoded[2, 2].a == 0)
        #expect(decoded[0, 0] == image[3, 2])
        let opaque = try #require(PNGEncoder.encode(image, region: PixelRect(x: 10, y: 10, width: 8, height: 8)))
        #expect(opaque[25] == 3)
        // Only fully transparent pixels beside at most 255 colours: indexed, the palette with alpha.
        image[6, 4] = RGBA(r: 0, g: 0, b: 0, a: 0)
        let indexed = try #require(PNGEncoder.encode(image, region: region))
        #expect(indexed[25] == 3)
        let back = try #require(try AnimatedImage.open(bytes: indexed, name: "indexed").nextFrame()).image
        #expect(back[2, 2].a == 0 && back[3, 2].a == 0 && back[0, 0] == image[3, 2])
    }

    @Test func indexedColorsStopsPastTwoHundredAndFiftySix() {
        let full = PixelRect(x: 0, y: 0, width: 37, height: 23)
        #expect(IndexedColors(Self.picture(colors: 256), region: full)?.count == 256)
        #expect(IndexedColors(Self.picture(colors: 257), region: full) == nil)
    }

    /// Rows the same as the one above (an enlarged picture's) take its indices; a row that
    /// differs in one pixel, or only outside the region, is still read as it is.
    @Test func indexedColorsOfRepeatedRowsAreThePixels() throws {
        let small = Self.picture(colors: 200, width: 20, height: 8)
        var image = RGBAImage(width: 20, height: 24)
        for y in 0..<24 { for x in 0..<20 { image[x, y] = small[x, y / 3] } }
        image[7, 4] = RGBA(r: 1, g: 2, b: 3)
        image[0, 10] = RGBA(r: 9, g: 9, b: 9)
        image[12, 16] = RGBA(r: 0, g: 0, b: 0, a: 0)
        let region = PixelRect(x: 1, y: 2, width: 18, height: 20)
        let indexed = try #require(IndexedColors(image, region: region, keepingTransparency: true))
        for y in region.y..<region.maxY {
            for x in region.x..<region.maxX {
                let index = Int(indexed.indices[(y - region.y) * region.width + x - region.x])
                let pixel = image[x, y]
                if pixel.a == 0 {
                    #expect(index == indexed.transparentIndex)
                } else {
                    let colour = Array(indexed.palette[index * 3..<index * 3 + 3])
                    #expect(colour == [pixel.r, pixel.g, pixel.b], "(\(x), \(y))")
                }
            }
        }
    }
}
