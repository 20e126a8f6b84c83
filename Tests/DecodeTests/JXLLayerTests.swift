@testable import Decode
import Foundation
import Testing

/// JPEG XL animations' layers blended by tview (`JXLCompositor`) against libjxl's own coalescing
/// of the same file, frame by frame: the same frames and durations, the pixels within one 8-bit
/// step (libjxl rounds its float canvas once, tview its 16-bit one), lossy or lossless, with
/// partly transparent layers over colours outside sRGB. Each frame's change rectangle holds
/// every pixel that differs from the frame before.
@Suite struct JXLLayerTests {
    @Test(arguments: ["jxl-layers-lossless.jxl", "jxl-layers-lossy.jxl", "jxl-lossless-alpha.jxl"])
    func layersBlendAsLibjxlCoalescesThem(name: String) throws {
        let path = TestPaths.samples.appendingPathComponent("good/\(name)").path
        try compare(path: path, croppedLayers: name.hasPrefix("jxl-layers"))
    }

    @Test func theConformanceAnimationBlendsAsLibjxlCoalescesIt() throws {
        guard let corpus = TestPaths.corpus else { return }
        try compare(path: corpus.appendingPathComponent("jxl/animation_spline/input.jxl").path, croppedLayers: false)
    }

    /// Layers of a still, a turned picture or a file with extra channels beside alpha are left
    /// to libjxl; an animation's are not.
    @Test func onlyAnimationsAreBlendedByTview() throws {
        #expect(try decoder("samples", "good/jxl-layers-lossy.jxl").blendsLayers)
        #expect(try !decoder("samples", "good/jxl-still-lossy.jxl").blendsLayers)
        guard TestPaths.corpus != nil else { return }
        #expect(try !decoder("corpus", "jxl/cmyk_layers/input.jxl").blendsLayers)
    }

    /// The formulas on single pixels, in coded values (a lossless file): a half-covering layer
    /// over an opaque canvas, over a transparent one, and adding and multiplying.
    @Test func pixelsBlendByTheFormatsRules() {
        let compositor = JXLCompositor(width: 1, height: 1, hasAlpha: true)
        func one(
            _ top: JXLCompositor.Pixel, over below: JXLCompositor.Pixel, _ mode: JXLBlending.Mode,
            alpha: JXLBlending.Mode = .blend
        ) -> [Float] {
            let layer = JXLLayer(
                rect: PixelRect(x: 0, y: 0, width: 1, height: 1),
                color: JXLBlending(mode: mode, source: 1, clamp: false),
                alpha: JXLBlending(mode: alpha, source: 1, clamp: false), savedAs: nil, shown: true, last: false)
            let mixed = compositor.blended(top, over: below, layer: layer)
            return [mixed.0, mixed.1, mixed.2, mixed.3].map { ($0 * 1000).rounded() / 1000 }
        }
        // A quarter-covering layer over opaque grey: alpha 1, colour 0.8 × 0.25 + 0.2 × 0.75.
        #expect(one((0.8, 0.4, -0.2, 0.25), over: (0.2, 0.2, 0.6, 1), .blend) == [0.35, 0.25, 0.4, 1])
        // Over nothing: the layer as it is, out-of-range values and all.
        #expect(one((0.8, 0.4, -0.2, 0.25), over: (0, 0, 0, 0), .blend) == [0.8, 0.4, -0.2, 0.25])
        // Half over half: alpha 0.75; colour (0.8 × 0.5 + 0.2 × 0.5 × 0.5) / 0.75.
        #expect(one((0.8, 0.8, 0.8, 0.5), over: (0.2, 0.2, 0.2, 0.5), .blend) == [0.6, 0.6, 0.6, 0.75])
        #expect(one((0.5, 0.7, 0.1, 1), over: (0.25, 0.5, 0.1, 1), .add, alpha: .replace) == [0.75, 1.2, 0.2, 1])
        #expect(one((1, 0.5, 0, 1), over: (0.4, 0.4, 0.4, 1), .mul, alpha: .replace) == [0.4, 0.2, 0, 1])
        #expect(
            one((0.5, 0.5, 0.5, 0.5), over: (0.1, 0.1, 0.1, 1), .mulAdd, alpha: .replace) == [0.35, 0.35, 0.35, 0.5])
    }

    /// Layers composed as libjxl composes them, through the same calls the decoder makes: a
    /// picture without alpha is opaque black where no layer drew; crops reaching past the canvas
    /// are cut; a layer of no duration is kept for the next, which adds onto it; a later layer
    /// multiplies onto the canvas saved in another slot and says what it changed.
    @Test func layersWithoutAlphaComposeOnOpaqueBlack() {
        var compositor = JXLCompositor(width: 4, height: 2, hasAlpha: false)
        let black = RGBA(r: 0, g: 0, b: 0, a: 255)
        let hidden = layer(x: -1, y: 0, width: 2, height: 1, .replace, savedAs: 0, shown: false)
        #expect(Self.apply(&compositor, hidden, [0.1, 0.1, 0.1, 1, 0.5, 0.25, 1, 1]) == nil)
        let added = layer(x: 3, y: 1, width: 2, height: 1, .add, savedAs: 2, shown: true)
        let first = Self.apply(&compositor, added, [0.2, 0.2, 0.2, 1, 0.9, 0.9, 0.9, 1])
        #expect(
            first?.pixels == [
                RGBA(r: 128, g: 64, b: 255, a: 255), black, black, black, black, black, black,
                RGBA(r: 51, g: 51, b: 51, a: 255),
            ])
        #expect(first.map { $0.changed == nil } == true, "the first shown canvas changed everywhere")
        var multiplied = layer(x: 0, y: 0, width: 1, height: 1, .mul, savedAs: nil, shown: true)
        multiplied.color.source = 2
        let second = Self.apply(&compositor, multiplied, [0.5, 0.5, 0.5, 1])
        #expect(second?.pixels.first == RGBA(r: 64, g: 32, b: 128, a: 255))
        #expect(second?.pixels.last == RGBA(r: 51, g: 51, b: 51, a: 255))
        #expect(second?.changed == PixelRect(x: 0, y: 0, width: 1, height: 1))
    }

    /// With alpha: a layer of alpha 0 over nothing leaves no colour (libjxl's 0 / 0), of alpha 1
    /// replaces; multiplying-and-adding by alpha leaves the alpha as it was below.
    @Test func alphaLayersComposeByLibjxlsRules() {
        var compositor = JXLCompositor(width: 2, height: 1, hasAlpha: true)
        let base = layer(x: 0, y: 0, width: 2, height: 1, .replace, savedAs: 1, shown: false)
        _ = Self.apply(&compositor, base, [1, 0, 0, 0, 0, 1, 0, 0.5])
        var over = layer(x: 0, y: 0, width: 2, height: 1, .blend, savedAs: 1, shown: true)
        over.color.source = 1
        over.alpha = JXLBlending(mode: .blend, source: 1, clamp: false)
        #expect(
            Self.apply(&compositor, over, [0, 0, 1, 0, 0, 0, 1, 1])?.pixels == [
                .transparent, RGBA(r: 0, g: 0, b: 255, a: 255),
            ])
        var weighted = layer(x: 0, y: 0, width: 2, height: 1, .mulAdd, savedAs: nil, shown: true)
        weighted.color.source = 1
        weighted.alpha = JXLBlending(mode: .mulAdd, source: 1, clamp: false)
        #expect(
            Self.apply(&compositor, weighted, [1, 1, 1, 0.5, 1, 0, 0, 0.5])?.pixels == [
                RGBA(r: 128, g: 128, b: 128, a: 0), RGBA(r: 128, g: 0, b: 255, a: 255),
            ])
    }

    private func layer(
        x: Int, y: Int, width: Int, height: Int, _ mode: JXLBlending.Mode, savedAs: Int?, shown: Bool
    ) -> JXLLayer {
        JXLLayer(
            rect: PixelRect(x: x, y: y, width: width, height: height),
            color: JXLBlending(mode: mode, source: 0, clamp: false),
            alpha: JXLBlending(mode: mode, source: 0, clamp: false),
            savedAs: savedAs, shown: shown, last: false)
    }

    /// What the decoder does with a layer: the canvas below it, the layer's rows blended in as
    /// libjxl would hand them over (`pixels`: RGBA floats, row by row), the result placed.
    private static func apply(_ compositor: inout JXLCompositor, _ layer: JXLLayer, _ pixels: [Float]) -> (
        pixels: [RGBA], changed: PixelRect?
    )? {
        var canvas = compositor.canvas(below: layer)
        let blender = compositor
        canvas.values.withUnsafeMutableBufferPointer { values in
            pixels.withUnsafeBufferPointer { run in
                for row in 0..<layer.rect.height {
                    blender.blend(
                        run: run.baseAddress! + 4 * row * layer.rect.width, x: 0, y: row, count: layer.rect.width,
                        layer: layer, into: values.baseAddress!)
                }
            }
        }
        return compositor.place(canvas, layer: layer)
    }

    /// A canvas holds values outside 0...1 (a lossy file's colours outside sRGB) and gives them
    /// as 8-bit pixels clamped.
    @Test func canvasesKeepValuesOutsideTheUnitRange() {
        for value: Float in [-0.5, -0.196, 0, 0.5, 1, 1.7, 3.4] {
            #expect(abs(JXLCanvas.value(JXLCanvas.stored(value)) - value) <= 0.5 / JXLCanvas.scale)
        }
        var canvas = JXLCanvas(width: 2, height: 1)
        for (index, value) in [Float(-0.2), 0.5, 1.3, 1, 0.2, 0.4, 0.6, 0.002].enumerated() {
            canvas.values[index] = JXLCanvas.stored(value)
        }
        #expect(canvas.rgba() == [RGBA(r: 0, g: 128, b: 255, a: 255), RGBA(r: 51, g: 102, b: 153, a: 1)])
        #expect(JXLCanvas(width: 1, height: 1).rgba() == [.transparent])
    }

    private func decoder(_ root: String, _ relative: String) throws -> JXLDecoder {
        let base = root == "samples" ? TestPaths.samples : TestPaths.corpus!
        let path = base.appendingPathComponent(relative).path
        return try JXLDecoder(input: InputFile.open(path: path, limits: DecodeLimits()), limits: DecodeLimits())
    }

    private func compare(path: String, croppedLayers: Bool) throws {
        let limits = DecodeLimits()
        let ours = try JXLDecoder(input: InputFile.open(path: path, limits: limits), limits: limits)
        let libjxls = try JXLDecoder(
            input: InputFile.open(path: path, limits: limits), limits: limits, blendsLayers: false)
        #expect(ours.blendsLayers && !libjxls.blendsLayers)
        var previous: RGBAImage?
        var count = 0
        var changes = 0
        while let frame = try ours.nextFrame() {
            let reference = try #require(try libjxls.nextFrame(), "\(path): frame \(count) only in tview's")
            #expect(frame.duration == reference.duration)
            #expect(frame.image.pixels.count == reference.image.pixels.count)
            var worst = 0
            for (mine, theirs) in zip(frame.image.pixels, reference.image.pixels) {
                worst = max(
                    worst, abs(Int(mine.r) - Int(theirs.r)), abs(Int(mine.g) - Int(theirs.g)),
                    abs(Int(mine.b) - Int(theirs.b)), abs(Int(mine.a) - Int(theirs.a)))
            }
            #expect(worst <= 1, "\(path): frame \(count) off by \(worst)")
            if let previous, let rect = ours.lastChange {
                changes += 1
                for y in 0..<frame.image.height {
                    for x in 0..<frame.image.width where frame.image[x, y] != previous[x, y] {
                        let inside = x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
                        #expect(inside, "\(path): frame \(count) changed at \(x),\(y) outside \(rect)")
                    }
                }
            }
            previous = frame.image
            count += 1
        }
        #expect(try libjxls.nextFrame() == nil, "\(path): libjxl has more frames")
        #expect(count > 1)
        // Every frame after the first says where it changed when its layer is cropped.
        if croppedLayers { #expect(changes == count - 1) }
    }
}
