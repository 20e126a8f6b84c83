/// Which squares of `side` × `side` canvas pixels a frame wrote, finer than its changed
/// rectangle: a GIF encoder pads what did not move with the transparent index, so a frame as
/// large as the canvas may redraw a tenth of it. A renderer looks again only at what lies over a
/// marked square; the rest of the rectangle is the same as before.
public struct ChangedTiles: Sendable, Equatable {
    /// Canvas pixels along a square's side (a power of two: a pixel's square is a shift away).
    public static let side = 8
    static let shift = 3

    /// Squares across and down the canvas (the last ones may hang over its edges).
    public let columns: Int
    public let rows: Int
    /// One byte a square, row by row: non-zero where the frame wrote.
    private var marks: [UInt8]

    /// No square marked, for a canvas of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        columns = (max(0, width) + Self.side - 1) >> Self.shift
        rows = (max(0, height) + Self.side - 1) >> Self.shift
        marks = [UInt8](repeating: 0, count: columns * rows)
    }

    /// Unmarks every square.
    public mutating func clear() {
        marks.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Marks the squares over canvas pixels `x` of canvas row `y`.
    public mutating func mark(row y: Int, x: Range<Int>) {
        guard !x.isEmpty, y >= 0, y >> Self.shift < rows else { return }
        let first = max(0, x.lowerBound >> Self.shift), last = min(columns - 1, (x.upperBound - 1) >> Self.shift)
        guard first <= last else { return }
        let start = (y >> Self.shift) * columns
        marks.withUnsafeMutableBufferPointer { $0[(start + first)...(start + last)].update(repeating: 1) }
    }

    /// Marks the squares over `rect`.
    public mutating func mark(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var y = rect.y & ~(Self.side - 1)
        while y < rect.maxY {
            mark(row: y, x: rect.x..<rect.maxX)
            y += Self.side
        }
    }

    /// Marks square `column` of the square row over canvas row `y` (in range: the caller's).
    @inline(__always)
    mutating func mark(square column: Int, row y: Int) {
        marks[(y >> Self.shift) * columns + column] = 1
    }

    /// True when a square over the canvas pixels `x` × `y` is marked.
    public func anyMarked(x: Range<Int>, y: Range<Int>) -> Bool {
        guard !x.isEmpty, !y.isEmpty else { return false }
        let left = max(0, x.lowerBound >> Self.shift), right = min(columns - 1, (x.upperBound - 1) >> Self.shift)
        let top = max(0, y.lowerBound >> Self.shift), bottom = min(rows - 1, (y.upperBound - 1) >> Self.shift)
        guard left <= right, top <= bottom else { return false }
        return marks.withUnsafeBufferPointer { marks in
            for row in top...bottom {
                let start = row * columns
                for column in left...right where marks[start + column] != 0 { return true }
            }
            return false
        }
    }

    /// The squares either marks (nil when the two are of different canvases).
    public func union(_ other: ChangedTiles) -> ChangedTiles? {
        guard columns == other.columns, rows == other.rows else { return nil }
        var joined = self
        joined.marks.withUnsafeMutableBufferPointer { joined in
            other.marks.withUnsafeBufferPointer { other in
                for index in joined.indices { joined[index] |= other[index] }
            }
        }
        return joined
    }
}
