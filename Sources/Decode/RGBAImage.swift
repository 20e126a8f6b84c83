internal import CMemory

/// A width × height picture in row-major RGBA. A value: copies share storage until one is written.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [RGBA]
    /// How much taller than wide a pixel is shown: 1 but for a video frame decoded for text
    /// cells (`FrameBound.pixelAspect`).
    public var pixelAspect: Double = 1
    /// How far, in 8-bit levels, a pixel may move from one frame to the next where the picture
    /// stands still: a lossy video codec's noise (0: the frames are exact). What stays within it
    /// need not be drawn again (`MosaicCellMemory`).
    public var codingNoise: UInt8 = 0

    /// An image filled with one colour. The caller has checked the size (see `DecodeLimits`).
    public init(width: Int, height: Int, fill: RGBA = .transparent) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width
        self.height = height
        let count = width * height
        if fill == .transparent && count >= 1 << 16 {
            // A transparent canvas is zero bytes: pages the kernel has just mapped are left
            // untouched until drawn on, so a huge canvas costs what its frames draw.
            self.pixels = [RGBA](unsafeUninitializedCapacity: count) { buffer, initialized in
                tview_clear_fresh_memory(buffer.baseAddress, count * MemoryLayout<RGBA>.stride)
                initialized = count
            }
        } else {
            self.pixels = [RGBA](repeating: fill, count: count)
        }
    }

    public init(width: Int, height: Int, pixels: [RGBA]) {
        precondition(pixels.count == width * height, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    @inlinable
    public subscript(x: Int, y: Int) -> RGBA {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The pixels as bytes, R G B A per pixel.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes(body)
    }
}

extension RGBAImage {
    /// Rows `row` and below made transparent; pages still untouched are left so.
    mutating func clearRows(from row: Int) {
        guard row < height else { return }
        let start = max(row, 0) * width
        pixels.withUnsafeMutableBufferPointer { buffer in
            tview_clear_fresh_memory(
                buffer.baseAddress! + start, (buffer.count - start) * MemoryLayout<RGBA>.stride)
        }
    }

    /// Rows `rows` are about to be written whole: their pages are given memory in one call
    /// rather than a fault each (worth it for a fresh canvas only).
    mutating func willWrite(rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<height)
        guard !rows.isEmpty else { return }
        pixels.withUnsafeMutableBufferPointer { buffer in
            tview_populate_for_writing(
                buffer.baseAddress! + rows.lowerBound * width, rows.count * width * MemoryLayout<RGBA>.stride)
        }
    }

    /// All of it, as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}
