@testable import Graphics
import Decode
import Picture
import TestSupport
import Testing

/// Sixel images painted in passes (`SixelPasses`): a delta over the frame before it, read back
/// by an independent decoder and laid over that frame, shows exactly what one whole image of the
/// new frame shows; and neighbouring columns of different colours cost a colour selection, not
/// a pass of their own.
@Suite struct SixelPassesTests {
    /// Kinds of pictures: their own colours (at most 256: exact) or more (the fixed palette,
    /// dithered), at their size or enlarged (rows and columns repeated, as tview enlarges).
    enum Kind: CaseIterable {
        case fewColors, noise, enlargedNoise, manyColors
    }

    /// Frames of `kind`, each the one before with a random rectangle drawn anew (many colours:
    /// the top half moved, so that what changes has more than 256 colours too, and goes out in
    /// the fixed palette as a whole image does).
    static func frames(_ kind: Kind, count: Int = 6, seed: UInt64 = 7) -> [RGBAImage] {
        var random = SplitMix64(seed: seed)
        let scale = kind == .enlargedNoise ? 3 : 1
        let (width, height) = (50, 23)
        let palette = (0..<(kind == .fewColors ? 5 : 200)).map { _ in random.opaquePixel() }
        func color(_ x: Int, _ y: Int, _ frame: Int) -> RGBA {
            if kind == .manyColors {
                // A gradient that moves: thousands of colours.
                return RGBA(r: UInt8((x * 5 + frame * 7) & 255), g: UInt8((y * 11) & 255), b: UInt8((x * y) & 255))
            }
            return palette[Int(random.next() % UInt64(palette.count))]
        }
        var source = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { source[x, y] = color(x, y, 0) } }
        var frames: [RGBAImage] = []
        for frame in 0..<count {
            if frame > 0 && kind == .manyColors {
                for y in 0..<(height / 2) { for x in 0..<width { source[x, y] = color(x, y, frame) } }
            } else if frame > 0 {
                let x0 = Int(random.next() % UInt64(width - 10)), y0 = Int(random.next() % UInt64(height - 8))
                for y in y0..<(y0 + 8) { for x in x0..<(x0 + 10) { source[x, y] = color(x, y, frame) } }
            }
            var enlarged = RGBAImage(width: width * scale, height: height * scale)
            for y in 0..<enlarged.height {
                for x in 0..<enlarged.width { enlarged[x, y] = source[x / scale, y / scale] }
            }
            frames.append(enlarged)
        }
        return frames
    }

    /// `bytes` (one sixel image) laid over `screen` with its top left at `origin`.
    static func paint(_ bytes: [UInt8], over screen: inout RGBAImage, at origin: (x: Int, y: Int)) throws {
        let painted = try SixelDecoder.decode(bytes).image
        for y in 0..<painted.height {
            for x in 0..<painted.width where painted[x, y].a == 255 {
                screen[origin.x + x, origin.y + y] = painted[x, y]
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func deltasShowWhatAWholeImageShows(kind: Kind) throws {
        let frames = Self.frames(kind)
        let encoder = SixelEncoder()
        // A picture in an image padded on every side, as a layout pads it to whole cells.
        let picture = PixelRect(x: 2, y: 4, width: frames[0].width - 5, height: frames[0].height - 7)
        var screen = RGBAImage(width: frames[0].width, height: frames[0].height)
        try Self.paint(encoder.encode(frames[0], picture: picture), over: &screen, at: (0, 0))
        for index in 1..<frames.count {
            let region = ChangedRegions.boundingBox(from: frames[index - 1], to: frames[index])
            try Self.paint(
                encoder.encode(frames[index], region: region, over: frames[index - 1], picture: picture),
                over: &screen, at: (region.x, region.y))
            if kind == .manyColors { #expect(IndexedColors(frames[index], region: region) == nil) }
            var whole = RGBAImage(width: screen.width, height: screen.height)
            try Self.paint(encoder.encode(frames[index], picture: picture), over: &whole, at: (0, 0))
            var differing = 0
            for y in 0..<screen.height {
                for x in 0..<screen.width where screen[x, y] != whole[x, y] { differing += 1 }
            }
            #expect(differing == 0, "\(kind) frame \(index): \(differing) pixels differ")
            // Nothing outside the picture is painted.
            #expect(screen[0, 0].a == 0 && screen[screen.width - 1, screen.height - 1].a == 0)
        }
    }

    /// Noise enlarged three times (each pixel 3x3, 200 colours): a band holds two or three of
    /// its rows, so a pass paints a pixel for a selection and three characters, where a pass
    /// for each colour wrote a run of empty columns before each of its pixels and came back
    /// for the next colour.
    @Test func neighbouringColoursCostASelectionNotAPass() throws {
        let noise = Self.frames(.enlargedNoise, count: 1)[0]
        let bytes = SixelEncoder().encode(noise)
        let (decoded, _) = try SixelDecoder.decode(bytes)
        // Every pixel in its own colour (within the percent round trip).
        let wrong = zip(decoded.pixels, noise.pixels).filter { painted, pixel in
            painted.a != 255 || abs(Int(painted.r) - Int(pixel.r)) > 2 || abs(Int(painted.g) - Int(pixel.g)) > 2
                || abs(Int(painted.b) - Int(pixel.b)) > 2
        }
        #expect(wrong.isEmpty)
        let sourcePixels = noise.width * noise.height / 9
        let perPixel = Double(bytes.count) / Double(sourcePixels)
        #expect(perPixel < 10, "\(bytes.count) bytes, \(perPixel) a source pixel")
    }

    /// Dots of two colours by turns over a third (as dithering makes them): a pass for each
    /// colour of dots, not a selection a dot.
    @Test func dotsOfTwoColoursByTurnsGoOutAsAPassEach() throws {
        let base = RGBA(r: 200, g: 40, b: 40), first = RGBA(r: 40, g: 200, b: 40), second = RGBA(r: 40, g: 40, b: 200)
        var image = RGBAImage(width: 60, height: 6, fill: base)
        for x in stride(from: 0, to: 60, by: 4) {
            image[x, 0] = first
            image[x + 2, 0] = second
        }
        let bytes = SixelEncoder(dither: false).encode(image)
        let (decoded, _) = try SixelDecoder.decode(bytes)
        // Every pixel in its colour (within the percent round trip).
        let wrong = zip(decoded.pixels, image.pixels).filter { painted, pixel in
            painted.a != 255 || abs(Int(painted.r) - Int(pixel.r)) > 2 || abs(Int(painted.g) - Int(pixel.g)) > 2
                || abs(Int(painted.b) - Int(pixel.b)) > 2
        }
        #expect(wrong.isEmpty)
        // Selections: '#' not followed by a definition.
        let text = String(decoding: bytes, as: UTF8.self)
        let selections = text.split(separator: "#").dropFirst().filter { !$0.contains(";") }.count
        #expect(selections <= 3, "\(selections) selections: \(text)")
    }
}
