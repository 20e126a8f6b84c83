import Glibc

/// Draws GIF images onto a canvas the way browsers do: the canvas starts transparent (the
/// background colour is never painted), images are clipped to the canvas, transparent indices
/// leave the canvas as it is, disposal 2 clears the image's rectangle to transparent and
/// disposal 3 restores what was under it (also on the first frame).
struct GIFCompositor {
    private(set) var canvas: RGBAImage
    /// The current image's rectangle, clipped to the canvas.
    private var clipLeft = 0
    private var clipTop = 0
    private var clipRight = 0
    private var clipBottom = 0
    private var imageLeft = 0
    private var imageTop = 0
    private var disposal = GIFDisposal.unspecified
    /// What the clipped rectangle held before the current image, for disposal 3.
    private var saved: [RGBA] = []
    private var hasPendingDisposal = false
    /// Where the last image (and the disposal before it) changed the canvas.
    private(set) var changed = PixelRect.empty
    /// No image has been drawn on the canvas since it was made: its pages are not yet memory.
    private var canvasIsFresh = true

    init(width: Int, height: Int) {
        canvas = RGBAImage(width: width, height: height)
    }

    /// The current image's rectangle, clipped to the canvas.
    private var clipRect: PixelRect {
        PixelRect(x: clipLeft, y: clipTop, width: clipRight - clipLeft, height: clipBottom - clipTop)
    }

    /// True when the current image covers at least one canvas pixel.
    var isVisible: Bool { clipRight > clipLeft && clipBottom > clipTop }

    mutating func reset() {
        canvas = RGBAImage(width: canvas.width, height: canvas.height)
        canvasIsFresh = true
        hasPendingDisposal = false
        saved = []
        changed = .empty
    }

    /// Starts an image: clips its rectangle and, for disposal 3, saves what it will cover.
    mutating func begin(rect: GIFRect, disposal: GIFDisposal) {
        imageLeft = rect.left
        imageTop = rect.top
        clipLeft = min(max(rect.left, 0), canvas.width)
        clipTop = min(max(rect.top, 0), canvas.height)
        clipRight = min(max(rect.left + rect.width, clipLeft), canvas.width)
        clipBottom = min(max(rect.top + rect.height, clipTop), canvas.height)
        self.disposal = disposal
        hasPendingDisposal = true
        changed = changed.union(clipRect)
        if canvasIsFresh && (clipRight - clipLeft) * 2 >= canvas.width {
            // The first image, most of the canvas wide: its rows are written whole.
            canvas.willWrite(rows: clipTop..<clipBottom)
        }
        canvasIsFresh = false
        if disposal == .previous {
            saved.removeAll(keepingCapacity: true)
            for y in clipTop..<clipBottom {
                let start = y * canvas.width
                saved.append(contentsOf: canvas.pixels[(start + clipLeft)..<(start + clipRight)])
            }
        }
    }

    /// The canvas's pixels where they lie, for a reader of the rows already drawn
    /// (`GrowingCanvas`). They stay there while the canvas is this compositor's alone: no frame
    /// made of it yet, and no `reset`.
    mutating func canvasPixels() -> UnsafePointer<RGBA> {
        canvas.pixels.withUnsafeMutableBufferPointer { UnsafePointer($0.baseAddress!) }
    }

    /// Draws row `row` (0 = the image's top row) of colour indices.
    mutating func draw(row: Int, indices: UnsafeBufferPointer<UInt8>, palette: GIFPalette) {
        let y = imageTop + row
        guard y >= clipTop, y < clipBottom else { return }
        let transparent = palette.transparentIndex ?? -1
        let firstColumn = clipLeft - imageLeft
        let rowStart = y * canvas.width
        palette.colors.withUnsafeBufferPointer { colors in
            canvas.pixels.withUnsafeMutableBufferPointer { pixels in
                // Branch-free: transparent indices are mixed with others at random in dithered
                // frames, where a branch per pixel mispredicts.
                let row = pixels.baseAddress! + rowStart
                let source = indices.baseAddress! + firstColumn - clipLeft
                let drawn = clipRight - clipLeft
                if transparent < 0 || drawn <= 0
                    || memchr(source + clipLeft, Int32(transparent), drawn) == nil
                {
                    // No pixel of the row is transparent (memchr looks fast): the canvas is only
                    // written, never read, so a fresh one is not paged in twice.
                    for x in clipLeft..<clipRight { row[x] = colors[Int(source[x])] }
                    return
                }
                for x in clipLeft..<clipRight {
                    let index = Int(source[x])
                    row[x] = index == transparent ? row[x] : colors[index]
                }
            }
        }
    }

    /// Applies the last image's disposal before the next image is drawn.
    mutating func disposePrevious() {
        changed = .empty
        guard hasPendingDisposal else { return }
        hasPendingDisposal = false
        switch disposal {
        case .unspecified, .keep:
            break
        case .background:
            changed = clipRect
            for y in clipTop..<clipBottom {
                let start = y * canvas.width
                for x in clipLeft..<clipRight { canvas.pixels[start + x] = .transparent }
            }
        case .previous:
            changed = clipRect
            let width = clipRight - clipLeft
            guard width > 0 else { return }
            for (index, y) in (clipTop..<clipBottom).enumerated() {
                let start = y * canvas.width + clipLeft
                canvas.pixels.replaceSubrange(
                    start..<(start + width), with: saved[(index * width)..<((index + 1) * width)])
            }
        }
    }
}
