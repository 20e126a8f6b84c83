import Decode
import Glibc
@testable import Picture
import Terminal
import Testing
import TestSupport

@Suite struct DownsamplerTests {
    private func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> RGBA) -> RGBAImage {
        var result = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { result[x, y] = pixel(x, y) } }
        return result
    }

    /// A random pixel with every kind of alpha: a quarter clear, some opaque, the rest partial.
    private static func pixel(_ random: inout SplitMix64) -> RGBA {
        let value = random.next()
        let alpha: UInt8 = value & 3 == 0 ? 0 : (value & 4 == 0 ? 255 : UInt8(truncatingIfNeeded: value >> 40))
        return RGBA(
            r: UInt8(truncatingIfNeeded: value >> 8), g: UInt8(truncatingIfNeeded: value >> 16),
            b: UInt8(truncatingIfNeeded: value >> 24), a: alpha)
    }

    /// Scaling only what changed gives, bit for bit, what scaling everything gives: random
    /// canvases, random changed rectangles (empty, one pixel, edges, everything), five size pairs
    /// reducing and three enlarging (a whole factor, an uneven one, one axis kept).
    @Test func changedRectangleRescaleEqualsAFullRescale() {
        var random = SplitMix64(seed: 12)
        for (w, h, tw, th) in [
            (97, 61, 20, 13), (640, 360, 160, 90), (33, 200, 33, 50), (8, 8, 3, 5), (300, 7, 299, 2),
            (20, 13, 60, 39), (7, 5, 17, 12), (9, 40, 9, 120),
        ] {
            let scaler = Downsampler(sourceWidth: w, sourceHeight: h, targetWidth: tw, targetHeight: th)
            var canvas = image(w, h) { _, _ in Self.pixel(&random) }
            var shown = scaler.scale(canvas)
            for round in 0..<12 {
                let x = Int(random.next() % UInt64(w)), y = Int(random.next() % UInt64(h))
                var rect = PixelRect(
                    x: x, y: y, width: 1 + Int(random.next() % UInt64(w - x)),
                    height: 1 + Int(random.next() % UInt64(h - y)))
                if round == 0 { rect = .empty }
                if round == 1 { rect = PixelRect(x: 0, y: 0, width: w, height: h) }
                if round == 2 { rect = PixelRect(x: w - 1, y: h - 1, width: 1, height: 1) }
                for yy in rect.y..<rect.maxY { for xx in rect.x..<rect.maxX { canvas[xx, yy] = Self.pixel(&random) } }
                shown = scaler.scale(canvas, changedIn: rect, previous: shown)
                let fresh = Downsampler(sourceWidth: w, sourceHeight: h, targetWidth: tw, targetHeight: th)
                let full = fresh.scale(canvas)
                #expect(shown == full, "\(w)x\(h)→\(tw)x\(th), round \(round), \(rect)")
            }
        }
    }

    /// Halving exactly (a video frame at 2x2 samples a half block) takes its own path, and it
    /// gives the taps' bytes: random pixels with every kind of alpha, whole pictures and changed
    /// rectangles, three sizes (one of a single output pixel, one odd).
    @Test func halvingGivesTheTapsBytes() {
        var random = SplitMix64(seed: 7)
        for (w, h) in [(320, 180), (2, 2), (642, 362)] {
            let halving = Downsampler(sourceWidth: w, sourceHeight: h, targetWidth: w / 2, targetHeight: h / 2)
            var taps = halving
            taps.halvesExactly = false
            #expect(halving.halvesExactly)
            var canvas = image(w, h) { _, _ in Self.pixel(&random) }
            var shown = halving.scale(canvas)
            #expect(shown == taps.scale(canvas), "\(w)x\(h)")
            for _ in 0..<4 {
                let x = Int(random.next() % UInt64(w)), y = Int(random.next() % UInt64(h))
                let rect = PixelRect(
                    x: x, y: y, width: 1 + Int(random.next() % UInt64(w - x)),
                    height: 1 + Int(random.next() % UInt64(h - y)))
                for yy in rect.y..<rect.maxY { for xx in rect.x..<rect.maxX { canvas[xx, yy] = Self.pixel(&random) } }
                shown = halving.scale(canvas, changedIn: rect, previous: shown)
                #expect(shown == taps.scale(canvas), "\(w)x\(h), \(rect)")
            }
        }
        #expect(!Downsampler(sourceWidth: 321, sourceHeight: 180, targetWidth: 160, targetHeight: 90).halvesExactly)
        #expect(!Downsampler(sourceWidth: 320, sourceHeight: 180, targetWidth: 160, targetHeight: 60).halvesExactly)
    }

    /// Enlarging repeats pixels: output (x, y) is source (x·w/tw, y·h/th), by whole and uneven
    /// factors (rows that repeat the row above are copied, so this checks the copies too).
    @Test func enlargingRepeatsTheNearestSourcePixel() {
        for (w, h, tw, th) in [(4, 3, 12, 9), (7, 5, 17, 12), (1, 1, 5, 3)] {
            let source = image(w, h) { x, y in RGBA(r: UInt8(x * 30), g: UInt8(y * 40), b: UInt8(x + y)) }
            let scaler = Downsampler(sourceWidth: w, sourceHeight: h, targetWidth: tw, targetHeight: th)
            let out = scaler.scale(source)
            for y in 0..<th {
                for x in 0..<tw {
                    #expect(out[x, y] == source[x * w / tw, y * h / th], "\(w)x\(h)→\(tw)x\(th) (\(x), \(y))")
                }
            }
        }
    }

    @Test func solidColourStaysExact() {
        let scaler = Downsampler(sourceWidth: 37, sourceHeight: 23, targetWidth: 10, targetHeight: 7)
        let out = scaler.scale(image(37, 23) { _, _ in RGBA(r: 200, g: 100, b: 50) })
        #expect(out.pixels.allSatisfy { $0 == RGBA(r: 200, g: 100, b: 50) })
    }

    @Test func threeToOneAveragesInLinearLight() {
        // Black, white, black → one pixel: linear mean 1/3 → sRGB 155 (not 85).
        let scaler = Downsampler(sourceWidth: 3, sourceHeight: 1, targetWidth: 1, targetHeight: 1)
        let out = scaler.scale(image(3, 1) { x, _ in x == 1 ? RGBA(r: 255, g: 255, b: 255) : .opaqueBlack })
        #expect(abs(Int(out.pixels[0].r) - 155) <= 1)
        #expect(out.pixels[0].a == 255)
    }

    @Test func nonIntegerRatioCountsFractionalCoverage() {
        // 5 → 2: output 0 covers sources 0, 1 and half of 2; output 1 the other half of 2, 3, 4.
        let scaler = Downsampler(sourceWidth: 5, sourceHeight: 1, targetWidth: 2, targetHeight: 1)
        let white = RGBA(r: 255, g: 255, b: 255)
        let out = scaler.scale(image(5, 1) { x, _ in x < 2 ? white : .opaqueBlack })
        // Output 0: 2 of 2.5 white = 0.8 linear → sRGB 231; output 1: all black.
        #expect(abs(Int(out.pixels[0].r) - 231) <= 1)
        #expect(out.pixels[1] == .opaqueBlack)
    }

    @Test func transparentPixelsLendNoColour() {
        // Red opaque next to transparent green: colour stays pure red, alpha halves.
        let scaler = Downsampler(sourceWidth: 2, sourceHeight: 2, targetWidth: 1, targetHeight: 1)
        let out = scaler.scale(
            image(2, 2) { x, _ in x == 0 ? RGBA(r: 255, g: 0, b: 0) : RGBA(r: 0, g: 255, b: 0, a: 0) })
        #expect(out.pixels[0].r == 255 && out.pixels[0].g == 0)
        #expect(abs(Int(out.pixels[0].a) - 128) <= 1)
        let clear = Downsampler(sourceWidth: 4, sourceHeight: 4, targetWidth: 2, targetHeight: 2)
        #expect(clear.scale(image(4, 4) { _, _ in RGBA(r: 9, g: 9, b: 9, a: 0) }).pixels.allSatisfy { $0.a == 0 })
    }

    /// The scaler against the definition, computed plainly in Double: each output pixel is the
    /// area-weighted mean of the source pixels it covers, premultiplied, in linear light.
    @Test(arguments: [(37, 23, 10, 7), (480, 270, 160, 90), (97, 61, 96, 20), (33, 40, 11, 52), (5, 300, 2, 13)])
    func matchesThePlainAreaAverage(_ size: (Int, Int, Int, Int)) {
        let (sourceWidth, sourceHeight, targetWidth, targetHeight) = size
        var random = SplitMix64(seed: UInt64(sourceWidth * 1000 + targetHeight))
        let picture = image(sourceWidth, sourceHeight) { _, _ in
            let alpha: UInt8 = [0, 255, 255, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random)!
            return RGBA(
                r: .random(in: 0...255, using: &random), g: .random(in: 0...255, using: &random),
                b: .random(in: 0...255, using: &random), a: alpha)
        }
        let scaler = Downsampler(
            sourceWidth: sourceWidth, sourceHeight: sourceHeight, targetWidth: targetWidth, targetHeight: targetHeight)
        let out = scaler.scale(picture)
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        func srgb(_ l: Double) -> Int {
            let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
            return Int((min(1, max(0, c)) * 255).rounded())
        }
        func coverage(_ s: Int, _ t: Int, _ source: Int, _ target: Int) -> Double {
            let step = Double(source) / Double(target)
            return max(0, min(Double(t + 1) * step, Double(s + 1)) - max(Double(t) * step, Double(s))) / step
        }
        var worst = 0
        for ty in 0..<targetHeight {
            for tx in 0..<targetWidth {
                var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
                for sy in 0..<sourceHeight {
                    let wy = coverage(sy, ty, sourceHeight, targetHeight)
                    guard wy > 0 else { continue }
                    for sx in 0..<sourceWidth {
                        let w = wy * coverage(sx, tx, sourceWidth, targetWidth)
                        guard w > 0 else { continue }
                        let pixel = picture[sx, sy]
                        let a = Double(pixel.a) * w
                        sum = (
                            sum.r + linear(pixel.r) * a, sum.g + linear(pixel.g) * a, sum.b + linear(pixel.b) * a,
                            sum.a + a
                        )
                    }
                }
                let got = out[tx, ty]
                if sum.a < 0.5 {
                    #expect(got.a == 0, "(\(tx), \(ty)) should be transparent")
                    continue
                }
                worst = max(worst, abs(Int(got.a) - Int(sum.a.rounded())))
                // Colour is only meaningful where there is some alpha to carry it.
                guard sum.a >= 8 else { continue }
                for (channel, value) in [(got.r, sum.r), (got.g, sum.g), (got.b, sum.b)] {
                    worst = max(worst, abs(Int(channel) - srgb(value / sum.a)))
                }
            }
        }
        #expect(worst <= 1, "largest difference from the plain average: \(worst)")
    }

    @Test func enlargementRepeatsPixels() {
        let scaler = Downsampler(sourceWidth: 2, sourceHeight: 1, targetWidth: 6, targetHeight: 3)
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
