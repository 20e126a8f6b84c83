/// JPEG XL's layers blended onto the canvas by tview, as libjxl would blend them (its
/// `PerformBlending`): libjxl itself then keeps no float canvases for coalescing, which was most
/// of what it held for an animation (med-lossy.jxl, 480x270: 16.3 → 11.5 MB of heap; the
/// 1280x720 one, 70 → 40 MB). A layer comes from libjxl as floats in the output's colour space
/// (sRGB for lossy files), unclamped, and is blended in those values, as libjxl 0.7 blends them
/// (measured: a lossy layer's pixel of alpha 0.043, its blue -0.196, over 0.624 gives libjxl's
/// 0.588 exactly so), into a `JXLCanvas`.
struct JXLCompositor {
    let width: Int
    let height: Int
    let hasAlpha: Bool

    /// A canvas as blended, with what it is known to differ in from a shown one.
    private struct Saved {
        var canvas: JXLCanvas
        /// The number of the shown canvas this one is `changed` away from (nil: unknown).
        var shownBase: UInt64?
        var changed: PixelRect
    }

    /// The four canvases the format lets a frame save for later ones.
    private var saved: [Saved?] = [nil, nil, nil, nil]
    /// Numbers the shown canvases.
    private var shownCount: UInt64 = 0

    init(width: Int, height: Int, hasAlpha: Bool) {
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
    }

    /// Forgets every saved canvas: the file starts again.
    mutating func reset() {
        saved = [nil, nil, nil, nil]
    }

    /// The canvas `layer` is blended onto, to be written on: its colour's source, with the alpha
    /// of the alpha's source where that is another; transparent black where nothing was saved.
    /// Taken from its slot, not copied, when the layer is saved back in its place or is the last.
    mutating func canvas(below layer: JXLLayer) -> JXLCanvas {
        let source = layer.color.source
        var canvas = saved[source]?.canvas ?? JXLCanvas(width: width, height: height, opaque: !hasAlpha)
        if layer.savedAs == source || layer.last {
            saved[source]?.canvas = JXLCanvas(width: 0, height: 0)
        }
        if hasAlpha, layer.alpha.source != source {
            let alphas = saved[layer.alpha.source]?.canvas.values
            canvas.values.withUnsafeMutableBufferPointer { values in
                for index in stride(from: 3, to: values.count, by: 4) {
                    // A slot taken (emptied) by an earlier layer counts as nothing saved.
                    values[index] =
                        alphas.map { $0.count == values.count ? $0[index] : JXLCanvas.zero } ?? JXLCanvas.zero
                }
            }
        }
        return canvas
    }

    /// Takes the canvas `layer` made: saved where the layer says, and, when it is shown, returned
    /// in 8 bits with where it differs from the canvas shown before (nil: unknown).
    mutating func place(_ canvas: JXLCanvas, layer: JXLLayer) -> (pixels: [RGBA], changed: PixelRect?)? {
        let below = saved[layer.color.source]
        var made = Saved(canvas: canvas, shownBase: nil, changed: .empty)
        if layer.alpha.source == layer.color.source || !hasAlpha, let below {
            made.shownBase = below.shownBase
            made.changed = below.changed.union(clipped(layer.rect))
        }
        var result: (pixels: [RGBA], changed: PixelRect?)?
        if layer.shown {
            let known = made.shownBase != nil && made.shownBase == shownCount
            result = (canvas.rgba(), known ? made.changed : nil)
            shownCount += 1
            made.shownBase = shownCount
            made.changed = .empty
        }
        if let slot = layer.savedAs { saved[slot] = made }
        return result
    }

    private func clipped(_ rect: PixelRect) -> PixelRect {
        let left = max(rect.x, 0), top = max(rect.y, 0)
        return PixelRect(x: left, y: top, width: min(rect.maxX, width) - left, height: min(rect.maxY, height) - top)
    }

    /// Blends a run of `layer`'s pixels, `count` of them from (`x`, `y`) of the layer, four floats
    /// each, into `canvas` (a `JXLCanvas`'s values); what falls outside the canvas is dropped.
    func blend(
        run: UnsafePointer<Float>, x: Int, y: Int, count: Int, layer: JXLLayer,
        into canvas: UnsafeMutablePointer<UInt16>
    ) {
        let row = layer.rect.y + y
        guard row >= 0, row < height else { return }
        let first = max(0, -(layer.rect.x + x))
        let last = min(count, width - (layer.rect.x + x))
        guard first < last else { return }
        let target = canvas + 4 * (row * width + layer.rect.x + x)
        // The common cases: a layer blended by an alpha of 0 or 1 (most animations), a layer
        // replacing what is below.
        let byAlpha = hasAlpha && layer.color.mode == .blend
        let replaces = layer.color.mode == .replace && (!hasAlpha || layer.alpha.mode == .replace)
        for index in first..<last {
            let top = run + 4 * index, below = target + 4 * index
            if byAlpha, top[3] == 0 {
                // Nothing covered: what is below stays, but colour under no alpha becomes 0.
                if below[3] <= JXLCanvas.zero {
                    (below[0], below[1], below[2]) = (JXLCanvas.zero, JXLCanvas.zero, JXLCanvas.zero)
                }
                continue
            }
            let pixel = (top[0], top[1], top[2], hasAlpha ? top[3] : 1)
            if (byAlpha && top[3] == 1) || replaces {
                Self.store(pixel, at: below)
                continue
            }
            let under = (
                JXLCanvas.value(below[0]), JXLCanvas.value(below[1]), JXLCanvas.value(below[2]),
                JXLCanvas.value(below[3])
            )
            Self.store(blended(pixel, over: under, layer: layer), at: below)
        }
    }

    @inline(__always)
    private static func store(_ pixel: Pixel, at values: UnsafeMutablePointer<UInt16>) {
        values[0] = JXLCanvas.stored(pixel.0)
        values[1] = JXLCanvas.stored(pixel.1)
        values[2] = JXLCanvas.stored(pixel.2)
        values[3] = JXLCanvas.stored(pixel.3)
    }

    typealias Pixel = (Float, Float, Float, Float)

    /// One pixel of a layer blended onto `below`, by libjxl's rules for straight alpha.
    func blended(_ top: Pixel, over below: Pixel, layer: JXLLayer) -> Pixel {
        let mode = layer.color.mode
        let coverage = layer.color.clamp ? Self.unit(top.3) : top.3
        var alpha: Float = 1
        if hasAlpha {
            alpha = Self.mixed(top.3, over: below.3, by: layer.alpha)
            if mode == .blend { alpha = 1 - (1 - coverage) * (1 - below.3) }
        }
        func channel(_ over: Float, _ under: Float) -> Float {
            switch mode {
            case .replace: return over
            case .add: return under + over
            case .mul: return under * (layer.color.clamp ? Self.unit(over) : over)
            // libjxl 0.7 holds the weight within 0...1 whatever the clamp flag says.
            case .mulAdd: return hasAlpha ? under + over * Self.unit(top.3) : under + over
            case .blend:
                guard hasAlpha else { return over }
                return alpha > 0 ? (over * coverage + under * below.3 * (1 - coverage)) / alpha : 0
            }
        }
        return (channel(top.0, below.0), channel(top.1, below.1), channel(top.2, below.2), alpha)
    }

    /// The alpha channel blended by its own mode, as libjxl 0.7 blends a channel that is its
    /// own alpha (a colour blend then replaces it): by alpha, over; weighted by itself, kept.
    private static func mixed(_ top: Float, over below: Float, by blending: JXLBlending) -> Float {
        switch blending.mode {
        case .replace: return top
        case .add: return below + top
        case .mul: return below * (blending.clamp ? unit(top) : top)
        case .mulAdd: return below
        case .blend: return 1 - (1 - unit(top)) * (1 - below)
        }
    }

    private static func unit(_ value: Float) -> Float { min(max(value, 0), 1) }
}
