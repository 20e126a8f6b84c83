/// Where each mosaic cell reads the canvas: a fitted picture of `columns` × `rows` cells over a
/// canvas, each cell cut across into eight columns and down into eight rows (the eighth
/// blocks' edges) and into the symbol set's sub-cell rows. For every cell column, the canvas
/// columns it covers and how much of each falls into each of its eight columns; for every cell
/// row, the canvas rows and how much of each falls into each eighth row and each sub-cell row.
/// Shares are in canvas pixels, so a cell's samples are exact area averages of the canvas,
/// enlarged or reduced alike, without a scaled copy of the picture. Made once per fit.
struct MosaicGeometry: Sendable {
    /// A canvas column or row and its shares (lanes: the eight eighths of a cell across or
    /// down).
    struct Share: Sendable {
        let index: Int
        let eighths: SIMD8<Float>
        /// Down only: its share of each sub-cell row (lanes past the set's rows stay zero).
        let subcellRows: SIMD8<Float>
        /// The whole share (the sum of `eighths`).
        let total: Float
        /// The eighths it has a share of (a canvas pixel meets one to three of them, mostly).
        let eighthLanes: Range<Int>
        /// Across only: its share of the cell's left half and of its right half (sub-cells'
        /// columns), made once rather than for every canvas row a cell reads.
        let halves: SIMD2<Float>

        init(index: Int, eighths: SIMD8<Float>, subcellRows: SIMD8<Float>, total: Float) {
            self.index = index
            self.eighths = eighths
            self.subcellRows = subcellRows
            self.total = total
            let first = (0..<8).first { eighths[$0] > 0 } ?? 0
            let last = (0..<8).last { eighths[$0] > 0 } ?? -1
            eighthLanes = first..<max(first, last + 1)
            let left = (eighths * SIMD8(1, 1, 1, 1, 0, 0, 0, 0)).sum()
            halves = SIMD2(left, total - left)
        }
    }

    let columns: Int
    let rows: Int
    let subcellRows: Int
    /// For each cell column, the canvas columns under it; for each cell row, the canvas rows.
    let across: [[Share]]
    let down: [[Share]]
    /// Every cell is exactly 4x8 whole canvas pixels (a clip decoded for eighth blocks): cell
    /// (column, row) reads pixels 4·column… across and 8·row… down, each eighth across half a
    /// pixel, each eighth down one row.
    let fourByEight: Bool
    /// Every cell covers the same number of whole canvas pixels across and down, each with the
    /// same shares: the same pixels make the same cell wherever it is (`MosaicCellRecall`).
    let uniform: Bool

    init(sourceWidth: Int, sourceHeight: Int, columns: Int, rows: Int, subcellRows: Int) {
        self.columns = columns
        self.rows = rows
        self.subcellRows = subcellRows
        across = Self.shares(source: sourceWidth, cells: columns, subcells: 0)
        down = Self.shares(source: sourceHeight, cells: rows, subcells: subcellRows)
        fourByEight = sourceWidth == columns * 4 && sourceHeight == rows * 8
        uniform = columns > 0 && rows > 0 && sourceWidth % columns == 0 && sourceHeight % rows == 0
    }

    /// The cells whose canvas pixels meet `rect`: rows and columns.
    func cells(meeting rect: (x: Range<Int>, y: Range<Int>)) -> (columns: Range<Int>, rows: Range<Int>) {
        func meeting(_ spans: [[Share]], _ range: Range<Int>) -> Range<Int> {
            guard !range.isEmpty else { return 0..<0 }
            let first = spans.firstIndex { ($0.last?.index ?? -1) >= range.lowerBound } ?? spans.count
            let end = spans.lastIndex { ($0.first?.index ?? Int.max) < range.upperBound }.map { $0 + 1 } ?? 0
            return first..<max(first, end)
        }
        return (meeting(across, rect.x), meeting(down, rect.y))
    }

    /// Cell `k` of `cells` covers [k, k + 1) · source / cells of the canvas; each canvas pixel
    /// under it gets its overlap with each eighth and each sub-cell part.
    private static func shares(source: Int, cells: Int, subcells: Int) -> [[Share]] {
        let scale = Double(source) / Double(max(cells, 1))
        return (0..<cells).map { cell in
            let start = Double(cell) * scale, end = Double(cell + 1) * scale
            let first = Int(start.rounded(.down)), last = min(source - 1, Int(end.rounded(.up)) - 1)
            guard first <= last else { return [] }
            return (first...last).compactMap { pixel in
                var eighths = SIMD8<Float>(), parts = SIMD8<Float>()
                for lane in 0..<8 {
                    eighths[lane] = overlap(
                        pixel, start + scale * Double(lane) / 8, start + scale * Double(lane + 1) / 8)
                }
                for part in 0..<subcells {
                    let share = overlap(
                        pixel, start + scale * Double(part) / Double(subcells),
                        start + scale * Double(part + 1) / Double(subcells))
                    parts[part] = share
                }
                let total = eighths.sum()
                return total > 1e-6
                    ? Share(index: pixel, eighths: eighths, subcellRows: parts, total: total) : nil
            }
        }
    }

    /// How much of canvas pixel `pixel` ([pixel, pixel + 1)) lies in [from, to).
    private static func overlap(_ pixel: Int, _ from: Double, _ to: Double) -> Float {
        Float(max(0, min(Double(pixel + 1), to) - max(Double(pixel), from)))
    }
}
