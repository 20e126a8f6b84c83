import Decode
import Render
import Testing

@Suite struct DownsamplerTests {
    private func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> RGBA) -> RGBAImage {
        var result = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { result[x, y] = pixel(x, y) } }
        return result
    }

    @Test func solidColourStaysExact() {
        var scaler = Downsampler(sourceWidth: 37, sourceHeight: 23, targetWidth: 10, targetHeight: 7)
        let out = scaler.scale(image(37, 23) { _, _ in RGBA(r: 200, g: 100, b: 50) })
        #expect(out.pixels.allSatisfy { $0 == RGBA(r: 200, g: 100, b: 50) })
    }

    @Test func threeToOneAveragesInLinearLight() {
        // Black, white, black → one pixel: linear mean 1/3 → sRGB 155 (not 85).
        var scaler = Downsampler(sourceWidth: 3, sourceHeight: 1, targetWidth: 1, targetHeight: 1)
        let out = scaler.scale(image(3, 1) { x, _ in x == 1 ? RGBA(r: 255, g: 255, b: 255) : .opaqueBlack })
        #expect(abs(Int(out.pixels[0].r) - 155) <= 1)
        #expect(out.pixels[0].a == 255)
    }

    @Test func nonIntegerRatioCountsFractionalCoverage() {
        // 5 → 2: output 0 covers sources 0, 1 and half of 2; output 1 the other half of 2, 3, 4.
        var scaler = Downsampler(sourceWidth: 5, sourceHeight: 1, targetWidth: 2, targetHeight: 1)
        let white = RGBA(r: 255, g: 255, b: 255)
        let out = scaler.scale(image(5, 1) { x, _ in x < 2 ? white : .opaqueBlack })
        // Output 0: 2 of 2.5 white = 0.8 linear → sRGB 231; output 1: all black.
        #expect(abs(Int(out.pixels[0].r) - 231) <= 1)
        #expect(out.pixels[1] == .opaqueBlack)
    }

    @Test func transparentPixelsLendNoColour() {
        // Red opaque next to transparent green: colour stays pure red, alpha halves.
        var scaler = Downsampler(sourceWidth: 2, sourceHeight: 2, targetWidth: 1, targetHeight: 1)
        let out = scaler.scale(image(2, 2) { x, _ in x == 0 ? RGBA(r: 255, g: 0, b: 0) : RGBA(r: 0, g: 255, b: 0, a: 0) })
        #expect(out.pixels[0].r == 255 && out.pixels[0].g == 0)
        #expect(abs(Int(out.pixels[0].a) - 128) <= 1)
        var clear = Downsampler(sourceWidth: 4, sourceHeight: 4, targetWidth: 2, targetHeight: 2)
        #expect(clear.scale(image(4, 4) { _, _ in RGBA(r: 9, g: 9, b: 9, a: 0) }).pixels.allSatisfy { $0.a == 0 })
    }

    @Test func enlargementRepeatsPixels() {
        var scaler = Downsampler(sourceWidth: 2, sourceHeight: 1, targetWidth: 6, targetHeight: 3)
        let out = scaler.scale(image(2, 1) { x, _ in x == 0 ? RGBA(r: 1, g: 2, b: 3) : RGBA(r: 4, g: 5, b: 6, a: 7) })
        for y in 0..<3 {
            #expect(out[0, y] == RGBA(r: 1, g: 2, b: 3) && out[2, y] == RGBA(r: 1, g: 2, b: 3))
            #expect(out[3, y] == RGBA(r: 4, g: 5, b: 6, a: 7) && out[5, y] == RGBA(r: 4, g: 5, b: 6, a: 7))
        }
    }

    @Test func fitKeepsAspectAndCentres() {
        // 480x270 in 160x48 cells (2:1 cells): 160 wide would need 90 px = 45 rows: fits.
        let wide = DisplayFit(imageWidth: 480, imageHeight: 270, areaColumns: 160, areaRows: 48)
        #expect(wide.pixelWidth == 160 && wide.pixelHeight == 90 && wide.rows == 45)
        #expect(wide.originColumn == 0 && wide.originRow == 1)
        // Tall image: height-bound.
        let tall = DisplayFit(imageWidth: 100, imageHeight: 400, areaColumns: 80, areaRows: 24)
        #expect(tall.pixelHeight == 48 && tall.pixelWidth == 12 && tall.originColumn == 34)
        // Small image: whole-number enlargement, or none.
        let small = DisplayFit(imageWidth: 16, imageHeight: 12, areaColumns: 80, areaRows: 24)
        #expect(small.pixelWidth == 64 && small.pixelHeight == 48)
        let native = DisplayFit(imageWidth: 16, imageHeight: 12, areaColumns: 80, areaRows: 24, upscale: false)
        #expect(native.pixelWidth == 16 && native.pixelHeight == 12 && native.rows == 6)
        // Square cells (cell aspect 1): a pixel is half as tall as wide, twice the rows.
        let square = DisplayFit(imageWidth: 100, imageHeight: 100, areaColumns: 50, areaRows: 100, cellAspect: 1)
        #expect(square.pixelWidth == 50 && square.pixelHeight == 100)
    }
}
