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
    /// Where inside `changed` pixels were written: a GIF encoder leaves what did not move
    /// transparent, so a frame as large as the canvas may redraw a few parts of it.
    private(set) var changedTiles: ChangedTiles
    /// No image has been drawn on the canvas since it was made: its pages are not yet memory.
    private var canvasIsFresh = true

    init(width: Int, height: Int) {
        canvas = RGBAImage(width: width, height: height)
        changedTiles = ChangedTiles(width: width, height: height)
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
        changedTiles.clear()
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
        guard y >= clipTop, y < clipBottom, clipRight > clipLeft else { return }
        let transparent = palette.transparentIndex ?? -1
        // Indexed by canvas column, as `target` is.
        let source = indices.baseAddress! + (clipLeft - imageLeft) - clipLeft
        let target = UnsafeMutablePointer(mutating: canvasPixels()) + y * canvas.width
        let drawn = clipRight - clipLeft
        if transparent < 0 || memchr(source + clipLeft, Int32(transparent), drawn) == nil {
            // No pixel of the row is transparent (memchr looks fast): the canvas is only
            // written, never read, so a fresh one is not paged in twice.
            palette.colors.withUnsafeBufferPointer { colors in
                for x in clipLeft..<clipRight { target[x] = colors[Int(source[x])] }
            }
            changedTiles.mark(row: y, x: clipLeft..<clipRight)
            return
        }
        drawSquares(row: y, source: source, target: target, palette: palette, transparent: transparent)
    }

    /// Draws canvas row `y` square by square (`ChangedTiles`), marking those it writes. One
    /// word of eight indices tells a square with nothing to draw, left unread: an encoder pads
    /// what did not move with the transparent index, most of a frame that moves in places.
    /// Within a square, branch-free: dithered frames mix transparent indices with others at
    /// random, where a branch per pixel mispredicts.
    private mutating func drawSquares(
        row y: Int, source: UnsafePointer<UInt8>, target: UnsafeMutablePointer<RGBA>, palette: GIFPalette,
        transparent: Int
    ) {
        let padding = UInt64(UInt8(truncatingIfNeeded: transparent)) &* 0x0101_0101_0101_0101
        let side = ChangedTiles.side
        palette.colors.withUnsafeBufferPointer { colors in
            var x = clipLeft
            while x < clipRight {
                let end = min(clipRight, (x | (side - 1)) + 1)
                // A whole square's indices are one word (side is 8).
                if end - x == side, UnsafeRawPointer(source + x).loadUnaligned(as: UInt64.self) == padding {
                    x = end
                    continue
                }
                var wrote = false
                for column in x..<end {
                    let index = Int(source[column])
                    let kept = index == transparent
                    target[column] = kept ? target[column] : colors[index]
                    wrote = wrote || !kept
                }
                if wrote { changedTiles.mark(square: x / side, row: y) }
                x = end
            }
        }
    }

    /// Applies the last image's disposal before the next image is drawn.
    mutating func disposePrevious() {
        changed = .empty
        changedTiles.clear()
        guard hasPendingDisposal else { return }
        hasPendingDisposal = false
        switch disposal {
        case .unspecified, .keep:
            break
        case .background:
            changed = clipRect
            changedTiles.mark(clipRect)
            for y in clipTop..<clipBottom {
                let start = y * canvas.width
                for x in clipLeft..<clipRight { canvas.pixels[start + x] = .transparent }
            }
        case .previous:
            changed = clipRect
            changedTiles.mark(clipRect)
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
