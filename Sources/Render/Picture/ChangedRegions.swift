public import Decode

/// Where two pictures of one size differ, as rectangles of whole tiles (a terminal's cells, for
/// sixel and iTerm2; small squares for kitty): only those are sent again.
public enum ChangedRegions {
    /// Rectangles of `tileWidth` × `tileHeight` tiles (clipped at the edges) that hold every
    /// pixel where `current` differs from `previous`. Runs of changed tiles along a tile row,
    /// joined with the runs below when they span the same tiles.
    public static func rectangles(
        from previous: RGBAImage, to current: RGBAImage, tileWidth: Int, tileHeight: Int, bridging gap: Int = 0
    ) -> [PixelRect] {
        precondition(previous.width == current.width && previous.height == current.height, "sizes differ")
        let tilesAcross = (current.width + tileWidth - 1) / tileWidth
        let tilesDown = (current.height + tileHeight - 1) / tileHeight
        var changed = [Bool](repeating: false, count: tilesAcross * tilesDown)
        previous.pixels.withUnsafeBufferPointer { before in
            current.pixels.withUnsafeBufferPointer { after in
                for y in 0..<current.height {
                    let row = y * current.width
                    let tileRow = y / tileHeight * tilesAcross
                    var x = 0
                    while x < current.width {
                        let tile = tileRow + x / tileWidth
                        let end = min(current.width, (x / tileWidth + 1) * tileWidth)
                        if !changed[tile] {
                            for i in (row + x)..<(row + end) where before[i] != after[i] {
                                changed[tile] = true
                                break
                            }
                        }
                        x = end
                    }
                }
            }
        }
        // Runs along each tile row; a run continues a rectangle above it with the same span.
        var done: [PixelRect] = []
        var open: [Range<Int>: Int] = [:]  // span → first tile row
        for tileY in 0...tilesDown {
            var runs: [Range<Int>] = []
            if tileY < tilesDown {
                var tileX = 0
                while tileX < tilesAcross {
                    guard changed[tileY * tilesAcross + tileX] else {
                        tileX += 1
                        continue
                    }
                    let start = tileX
                    while tileX < tilesAcross && changed[tileY * tilesAcross + tileX] { tileX += 1 }
                    if let last = runs.last, start - last.upperBound <= gap {
                        runs[runs.count - 1] = last.lowerBound..<tileX
                    } else {
                        runs.append(start..<tileX)
                    }
                }
            }
            for (span, top) in open where !runs.contains(span) {
                let x = span.lowerBound * tileWidth, y = top * tileHeight
                done.append(
                    PixelRect(
                        x: x, y: y, width: min(current.width, span.upperBound * tileWidth) - x,
                        height: min(current.height, tileY * tileHeight) - y))
                open[span] = nil
            }
            for span in runs where open[span] == nil { open[span] = tileY }
        }
        return done.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The smallest rectangle holding every pixel where `current` differs from `previous`.
    public static func boundingBox(from previous: RGBAImage, to current: RGBAImage) -> PixelRect {
        precondition(previous.width == current.width && previous.height == current.height, "sizes differ")
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        previous.pixels.withUnsafeBufferPointer { before in
            current.pixels.withUnsafeBufferPointer { after in
                for y in 0..<current.height {
                    let row = y * current.width
                    var x = 0
                    while x < current.width && before[row + x] == after[row + x] { x += 1 }
                    guard x < current.width else { continue }
                    var end = current.width - 1
                    while before[row + end] == after[row + end] { end -= 1 }
                    minX = min(minX, x)
                    maxX = max(maxX, end)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return .empty }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
