/// Draws APNG frames onto the canvas as the spec says: the canvas starts transparent black,
/// BLEND_OP_SOURCE replaces the region, BLEND_OP_OVER is Porter-Duff "over" on straight alpha,
/// DISPOSE_OP_BACKGROUND clears the region to transparent black and DISPOSE_OP_PREVIOUS puts back
/// what was there (on the first frame it acts as BACKGROUND).
struct APNGCompositor {
    private(set) var canvas: RGBAImage
    private var pending: APNGFrameControl?
    private var saved: [RGBA] = []
    /// Where the last frame (and the disposal before it) changed the canvas.
    private(set) var changed = PixelRect.empty

    init(width: Int, height: Int) {
        canvas = RGBAImage(width: width, height: height)
    }

    mutating func reset() {
        canvas = RGBAImage(width: canvas.width, height: canvas.height)
        pending = nil
        saved = []
        changed = .empty
    }

    /// Draws a decoded frame of `control.width` × `control.height` pixels.
    mutating func draw(_ pixels: [RGBA], control: APNGFrameControl, isFirst: Bool) {
        disposePrevious()
        if control.dispose == .previous && !isFirst {
            saved.removeAll(keepingCapacity: true)
            for row in 0..<control.height {
                let start = (control.y + row) * canvas.width + control.x
                saved.append(contentsOf: canvas.pixels[start..<(start + control.width)])
            }
        }
        pending = control
        changed = changed.union(control.rect)
        if control.coversCanvas(width: canvas.width, height: canvas.height)
            && (control.blend == .source || isFirst)
        {
            // The common full-frame case: take the decoded buffer as the canvas.
            canvas = RGBAImage(width: canvas.width, height: canvas.height, pixels: pixels)
            return
        }
        let width = canvas.width
        pixels.withUnsafeBufferPointer { source in
            canvas.pixels.withUnsafeMutableBufferPointer { destination in
                for row in 0..<control.height {
                    let from = row * control.width
                    let to = (control.y + row) * width + control.x
                    if control.blend == .source {
                        for column in 0..<control.width { destination[to + column] = source[from + column] }
                    } else {
                        for column in 0..<control.width {
                            destination[to + column] = Self.over(source[from + column], destination[to + column])
                        }
                    }
                }
            }
        }
    }

    private mutating func disposePrevious() {
        changed = .empty
        guard let control = pending else { return }
        pending = nil
        if control.dispose != .none { changed = control.rect }
        switch control.dispose {
        case .none:
            break
        case .background:
            clear(control)
        case .previous:
            // Nothing saved means this was the first frame: it acts as BACKGROUND.
            guard !saved.isEmpty else {
                clear(control)
                return
            }
            for row in 0..<control.height {
                let start = (control.y + row) * canvas.width + control.x
                let from = row * control.width
                canvas.pixels.replaceSubrange(
                    start..<(start + control.width), with: saved[from..<(from + control.width)])
            }
            saved.removeAll(keepingCapacity: true)
        }
    }

    private mutating func clear(_ control: APNGFrameControl) {
        for row in 0..<control.height {
            let start = (control.y + row) * canvas.width + control.x
            for index in start..<(start + control.width) { canvas.pixels[index] = .transparent }
        }
    }

    /// Porter-Duff `source` over `destination`, straight (non-premultiplied) 8-bit alpha, with
    /// rounded integer arithmetic: colour weights carry 7 extra bits, divisions by 255 round.
    @inline(__always)
    static func over(_ source: RGBA, _ destination: RGBA) -> RGBA {
        if source.a == 255 { return source }
        if source.a == 0 { return destination }
        let sourceAlpha = UInt32(source.a)
        let remaining = UInt32(destination.a) * (255 - sourceAlpha)
        let alpha255 = sourceAlpha * 255 + remaining  // result alpha × 255
        let sourceWeight = sourceAlpha * 255 * 255 * 128 / alpha255
        let destinationWeight = 255 * 128 - sourceWeight
        func channel(_ s: UInt8, _ d: UInt8) -> UInt8 {
            let mixed = UInt32(s) * sourceWeight + UInt32(d) * destinationWeight + (0x80 << 7)
            return UInt8(divide255(mixed) >> 7)
        }
        return RGBA(
            r: channel(source.r, destination.r),
            g: channel(source.g, destination.g),
            b: channel(source.b, destination.b),
            a: UInt8(divide255(alpha255 + 0x80)))
    }

    /// x / 255 for the rounded sums above, without a division.
    @inline(__always)
    private static func divide255(_ value: UInt32) -> UInt32 {
        ((value >> 8) + value) >> 8
    }
}
