import Decode
import Testing

/// Checks `Frame.change` over two passes of a file: the first frame of a pass says nothing (the
/// canvas starts afresh), every later one names the frame before it, and outside its rectangle
/// its canvas equals that frame's pixel for pixel.
enum ChangeCheck {
    /// Returns how many frames carried a change (for callers that want to know it was checked).
    @discardableResult
    static func verify(_ image: AnimatedImage, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        var checked = 0
        for _ in 0..<2 {
            var previous: Frame? = nil
            while let frame = try image.nextFrame() {
                defer { previous = frame }
                guard let previous else {
                    #expect(frame.change == nil, "the first frame of a pass", sourceLocation: sourceLocation)
                    continue
                }
                // GIF, APNG: always known. WebP may not say (then all of it counts as changed).
                guard let change = frame.change else { continue }
                #expect(change.since == previous.serial, sourceLocation: sourceLocation)
                let outside = differences(previous.image, frame.image, outside: change.rect)
                #expect(
                    outside == 0, "\(image.name): frame \(checked) differs outside \(change.rect) in \(outside) pixels",
                    sourceLocation: sourceLocation)
                if let tiles = change.tiles {
                    let unmarked = differences(previous.image, frame.image, outsideOf: tiles)
                    #expect(
                        unmarked == 0,
                        "\(image.name): frame \(checked) differs in \(unmarked) pixels of unmarked squares",
                        sourceLocation: sourceLocation)
                }
                checked += 1
            }
            try image.rewind()
        }
        return checked
    }

    /// Pixels that differ in squares `tiles` leaves unmarked.
    private static func differences(_ a: RGBAImage, _ b: RGBAImage, outsideOf tiles: ChangedTiles) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where !tiles.anyMarked(x: x..<x + 1, y: y..<y + 1) {
                let p = a[x, y], q = b[x, y]
                if p != q && !(p.a == 0 && q.a == 0) { count += 1 }
            }
        }
        return count
    }

    private static func differences(_ a: RGBAImage, _ b: RGBAImage, outside rect: PixelRect) -> Int {
        var count = 0
        for y in 0..<a.height {
            let inRows = y >= rect.y && y < rect.maxY
            for x in 0..<a.width where !(inRows && x >= rect.x && x < rect.maxX) {
                // Fully transparent pixels are alike whatever colour they carry.
                let p = a[x, y], q = b[x, y]
                if p != q && !(p.a == 0 && q.a == 0) { count += 1 }
            }
        }
        return count
    }
}
