public import Decode

/// Cells of 2x2 (quadrant), 2x3 (sextant) or 2x4 (octant) sub-cells: each cell is drawn as the
/// two-colour pattern that is closest to its sub-cells, found by trying every partition of them
/// into a foreground and a background group (8, 32 or 128, up to swapping the two). A
/// partition's best colours are the means of its groups, so the chosen cell has the least error
/// the symbol set allows, by construction.
///
/// With `eighths` (CellGridBuilder), the eighth blocks join them: ▁…▇ (the lower 1 to 7
/// eighths) and ▏…▉ (the left 1 to 7 eighths), in every font that has quadrants. They place an
/// edge at an eighth of a cell where sub-cells place it at a half or a third: measured in
/// bench/fidelity.md, SSIM up by 0.02 to 0.05. The cell is then read as an 8x8 grid of samples;
/// sub-cells, columns and rows are sums over it (a sextant's row boundaries fall inside samples,
/// which count in part), so every candidate's error is taken over the same 64 samples and the
/// least one wins whichever kind it is.
///
/// A group's colour is its mean in linear light (what the eye integrates over the cell, as the
/// downsampler averages); a partition's error is the squared distance between each sample and
/// the colour shown over it in `PatternSpace` (gamma-encoded; in truecolor, chroma weighs less
/// than luma). Measured on five pictures (bench/fidelity.md), gamma-encoded sRGB against linear
/// RGB: SSIM up by up to 0.007 and ΔE down by up to 0.06 at 80x24; OKLab did about as well on
/// SSIM at three cube roots a colour tried. A group's error follows from its sums (MosaicGroup).
///
/// Cost: a cell's samples are area averages taken straight from the canvas (`MosaicGeometry`:
/// no scaled picture is made), and a cell whose canvas pixels did not change (its digest) is
/// not worked out again. In truecolor every candidate is ranked by how far its groups spread
/// about their own means in the pattern space (a few additions from their sums), and the three
/// least are scored exactly (`MosaicFinalists`): on bench/fidelity.md's pictures this chose as
/// well as scoring all. In 256, 16 and 8 colours each candidate is scored with the colours it
/// will really get (quantised), or the structure gained would be lost to the palette. Ties go to
/// the first candidate in a fixed order, so an unchanged region gives the same cells. Cells with
/// transparency, and mono, use the sub-cell patterns alone.
public struct MosaicCellBuilder: Sendable {
    public let symbols: MosaicSymbols
    public let base: CellGridBuilder
    private let space: PatternSpace
    /// For each of a cell's 8 sample rows, the sub-cell rows it lies in and how much of it each
    /// holds (`subcellRows`), made once: every cell reads it.
    private let subcellParts: [[(row: Int, weight: Float)]]
    /// Work on all processors at once (ParallelBands): for a picture someone waits for.
    public var parallel = false

    public init(symbols: MosaicSymbols, base: CellGridBuilder) {
        precondition(symbols != .half, "half blocks are CellGridBuilder's")
        self.symbols = symbols
        self.base = base
        space = PatternSpace(mode: base.mode)
        subcellParts = Self.subcellRows(symbols.rows)
    }

    /// Canvas pixels a cell is made of in `build(_:)` (a picture already at that scale, as
    /// tests give): its sub-cells, or with eighth blocks an 8x8 grid.
    public var samplesAcross: Int { base.eighths ? 8 : symbols.columns }
    public var samplesDown: Int { base.eighths ? 8 : symbols.rows }

    /// Cells for `picture` at `samplesAcross` × `samplesDown` pixels a cell.
    public func build(_ picture: RGBAImage, originRow: Int = 0, originColumn: Int = 0) -> CellGrid {
        let geometry = MosaicGeometry(
            sourceWidth: picture.width, sourceHeight: picture.height,
            columns: (picture.width + samplesAcross - 1) / samplesAcross,
            rows: (picture.height + samplesDown - 1) / samplesDown, subcellRows: symbols.rows)
        return build(picture, geometry: geometry, originRow: originRow, originColumn: originColumn).grid
    }

    /// The grid of `geometry`'s cells, each measured on `canvas` (the picture as decoded: no
    /// scaled copy of it is made), and a digest of each cell's canvas pixels. With `previous`
    /// (the grid and digests of an earlier frame, for the same geometry), a cell whose pixels
    /// have the same digest is taken from it; with `changed` too (the canvas pixels that differ
    /// from that frame), only the cells over `changed` are looked at.
    func build(
        _ canvas: RGBAImage, geometry: MosaicGeometry, originRow: Int, originColumn: Int,
        previous: (grid: CellGrid, digests: [UInt64])? = nil, changed: (x: Range<Int>, y: Range<Int>)? = nil
    ) -> (grid: CellGrid, digests: [UInt64]) {
        var grid = CellGrid(
            rows: geometry.rows, columns: geometry.columns, originRow: originRow, originColumn: originColumn)
        var digests = [UInt64](repeating: 0, count: grid.cells.count)
        var redo = (columns: 0..<geometry.columns, rows: 0..<geometry.rows)
        let reusable = previous.flatMap {
            $0.grid.hasSameGeometry(as: grid) && $0.digests.count == digests.count ? $0 : nil
        }
        if let reusable {
            grid.cells = reusable.grid.cells
            digests = reusable.digests
            if let changed { redo = geometry.cells(meeting: changed) }
        }
        let (redoColumns, redoRows) = redo
        guard !redoColumns.isEmpty, !redoRows.isEmpty else { return (grid, digests) }
        let columns = grid.columns
        let pixelsPerCell = max(1, canvas.width * canvas.height / max(1, columns * grid.rows))
        let work = redoColumns.count * redoRows.count * pixelsPerCell * 8
        let compare = reusable != nil
        grid.cells.withUnsafeMutableBufferPointer { cells in
            digests.withUnsafeMutableBufferPointer { digests in
                let cells = SharedPointer(base: cells.baseAddress!), digests = SharedPointer(base: digests.baseAddress!)
                ParallelBands.run(rows: redoRows.count, work: work, parallel: parallel) { band in
                    var scratch: [SIMD8<Float>] = []
                    canvas.pixels.withUnsafeBufferPointer { pixels in
                        LinearLight.fromSRGB.withUnsafeBufferPointer { toLinear in
                            for row in band.lowerBound + redoRows.lowerBound..<band.upperBound + redoRows.lowerBound {
                                for column in redoColumns {
                                    let index = row * columns + column
                                    let digest = Self.digest(
                                        pixels, width: canvas.width, across: geometry.across[column],
                                        down: geometry.down[row])
                                    if compare && digests.base[index] == digest { continue }
                                    digests.base[index] = digest
                                    cells.base[index] = cell(
                                        pixels, width: canvas.width, column: column, row: row, geometry: geometry,
                                        toLinear: toLinear, scratch: &scratch)
                                }
                            }
                        }
                    }
                }
            }
        }
        return (grid, digests)
    }

    /// A cell's canvas pixels folded into 64 bits (FNV-1a over whole pixels, then mixed): equal
    /// pixels, equal digests, so an unchanged cell is not worked out again.
    private static func digest(
        _ pixels: UnsafeBufferPointer<RGBA>, width: Int, across: [MosaicGeometry.Share],
        down: [MosaicGeometry.Share]
    ) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        guard let first = across.first?.index else { return hash }
        let count = across.count
        UnsafeRawPointer(pixels.baseAddress!).withMemoryRebound(to: UInt32.self, capacity: pixels.count) { words in
            for share in down {
                let start = share.index * width + first
                for offset in 0..<count {
                    hash = (hash ^ UInt64(words[start + offset])) &* 0x100_0000_01B3
                }
            }
        }
        hash ^= hash >> 33
        return hash &* 0xFF51_AFD7_ED55_8CCD
    }

    /// The least-error cell for the sub-cells (row by row); (x, y) is the first sub-cell's place,
    /// for dithering.
    func cell(_ subcells: [RGBA], x: Int, y: Int) -> Cell {
        let count = subcells.count
        let full = (1 << count) - 1
        if base.mode == .mono {
            // The pattern alone: lit sub-cells in the terminal's foreground.
            var lit = 0
            for index in 0..<count where base.isLit(subcells[index], x: x + index % 2, y: y + index / 2) {
                lit |= 1 << index
            }
            if lit == 0 { return .blank }
            if lit == full { return Cell(glyph: .fullBlock, foreground: .default, background: .default) }
            return Cell(
                glyph: .mosaic(MosaicGlyphs.scalar(mask: lit, count: count)!), foreground: .default,
                background: .default)
        }
        // Each sub-cell over the background where partly transparent.
        var lanes = MosaicLanes()
        var opaque = 0
        for index in 0..<count where subcells[index].a > CellGridBuilder.transparentAlpha {
            opaque |= 1 << index
            lanes.set(
                index, subcells[index].over(r: base.background.r, g: base.background.g, b: base.background.b),
                space: space)
        }
        guard opaque != 0 else { return .blank }
        // Transparent sub-cells show the terminal's own background: they are the background
        // group, the rest one colour over them.
        if opaque != full {
            let colour = base.color(lanes.group(mask: opaque).mean, x: x, y: y)
            return Self.cell(mask: opaque, foreground: colour, background: .default, count: count)
        }
        return bestCell(lanes, count: count, x: x, y: y)
    }

    /// Cell (`column`, `row`) of `geometry` from the canvas `pixels` (`width` across): its
    /// samples (an 8x8 grid with eighth blocks, else its sub-cells), each the area average of
    /// the canvas under it in linear light (premultiplied), then the least-error cell.
    private func cell(
        _ pixels: UnsafeBufferPointer<RGBA>, width: Int, column: Int, row: Int, geometry: MosaicGeometry,
        toLinear: UnsafeBufferPointer<Float>, scratch: inout [SIMD8<Float>]
    ) -> Cell {
        let x = column * symbols.columns, y = row * symbols.rows
        let across = base.eighths ? 8 : symbols.columns, down = base.eighths ? 8 : symbols.rows
        let samples = Self.samples(
            pixels, width: width, across: geometry.across[column], down: geometry.down[row], columns: across,
            rows: down, toLinear: toLinear, sums: &scratch)
        return base.eighths ? cell(grid: samples, x: x, y: y) : cell(samples, x: x, y: y)
    }

    /// The `columns` × `rows` samples of a cell (row by row): every canvas pixel under it counts
    /// in each by its share (eighths of the cell, or halves across and sub-cell rows down), in
    /// linear light with premultiplied alpha, as the downsampler averages. Each canvas row is
    /// summed across first (a lane a sample column), then into the sample rows it lies in.
    /// `sums`: scratch, 5 × 8 lanes a sample row.
    static func samples(
        _ pixels: UnsafeBufferPointer<RGBA>, width: Int, across: [MosaicGeometry.Share],
        down: [MosaicGeometry.Share], columns: Int, rows: Int, toLinear: UnsafeBufferPointer<Float>,
        sums: inout [SIMD8<Float>]
    ) -> [RGBA] {
        if sums.count < rows * 5 { sums = [SIMD8<Float>](repeating: .zero, count: rows * 5) }
        for index in 0..<(rows * 5) { sums[index] = .zero }
        let leftHalf = SIMD8<Float>(1, 1, 1, 1, 0, 0, 0, 0)
        for share in down {
            var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>(), a = SIMD8<Float>(), w = SIMD8<Float>()
            let start = share.index * width
            for pixelShare in across {
                let pixel = pixels[start + pixelShare.index]
                var weights = pixelShare.eighths
                if columns != 8 {
                    let left = (weights * leftHalf).sum()
                    weights = SIMD8(left, pixelShare.total - left, 0, 0, 0, 0, 0, 0)
                }
                let alpha = Float(pixel.a) / 255
                let shared = weights * alpha
                r += shared * toLinear[Int(pixel.r)]
                g += shared * toLinear[Int(pixel.g)]
                b += shared * toLinear[Int(pixel.b)]
                a += shared
                w += weights
            }
            for sampleRow in 0..<rows {
                let wy = rows == 8 ? share.eighths[sampleRow] : share.subcellRows[sampleRow]
                guard wy > 0 else { continue }
                let at = sampleRow * 5
                sums[at] += r * wy
                sums[at + 1] += g * wy
                sums[at + 2] += b * wy
                sums[at + 3] += a * wy
                sums[at + 4] += w * wy
            }
        }
        var samples = [RGBA](repeating: .transparent, count: columns * rows)
        LinearLight.toSRGBTable.withUnsafeBufferPointer { table in
            for sampleRow in 0..<rows {
                let at = sampleRow * 5
                for column in 0..<columns {
                    let area = sums[at + 4][column]
                    guard area > 0 else { continue }
                    let sum = SIMD4(sums[at][column], sums[at + 1][column], sums[at + 2][column], sums[at + 3][column])
                    samples[sampleRow * columns + column] = LinearLight.pixel(
                        premultiplied: sum * (255 / area), table: table)
                }
            }
        }
        return samples
    }

    /// The least-error cell, eighth blocks included, for an 8x8 grid of samples (row by row).
    func cell(grid samples: [RGBA], x: Int, y: Int) -> Cell {
        precondition(samples.count == 64)
        if base.mode == .mono || samples.contains(where: { $0.a <= CellGridBuilder.transparentAlpha }) {
            return cell(subcells(of: samples), x: x, y: y)
        }
        let shown =
            samples.allSatisfy { $0.a == 255 }
            ? samples : samples.map { $0.over(r: base.background.r, g: base.background.g, b: base.background.b) }
        var subcells = MosaicLanes(), columns = MosaicLanes(), rows = MosaicLanes()
        let left = SIMD8<Float>(1, 1, 1, 1, 0, 0, 0, 0), right = SIMD8<Float>(0, 0, 0, 0, 1, 1, 1, 1)
        let parts = subcellParts
        shown.withUnsafeBufferPointer { pixels in
            LinearLight.fromSRGB.withUnsafeBufferPointer { toLinear in
                for y in 0..<8 {
                    let row = SampleRow(
                        UnsafeBufferPointer(rebasing: pixels[y * 8..<y * 8 + 8]), toLinear: toLinear, space: space)
                    columns.addLanes(of: row)
                    rows.add(row, lanes: SIMD8(repeating: 1), to: y, weight: 1)
                    for part in parts[y] {
                        subcells.add(row, lanes: left, to: part.row * 2, weight: part.weight)
                        subcells.add(row, lanes: right, to: part.row * 2 + 1, weight: part.weight)
                    }
                }
            }
        }
        return bestCell(subcells, count: symbols.columns * symbols.rows, x: x, y: y, strips: (columns, rows))
    }

    /// For each of a cell's 8 sample rows, the sub-cell rows it lies in and how much of it each
    /// holds (a sextant's rows end a third of the way into samples 2 and 5).
    private static func subcellRows(_ count: Int) -> [[(row: Int, weight: Float)]] {
        (0..<8).map { sample in
            (0..<count).compactMap { row in
                let top = Float(row * 8) / Float(count), bottom = Float((row + 1) * 8) / Float(count)
                let covered = min(bottom, Float(sample + 1)) - max(top, Float(sample))
                return covered > 1e-6 ? (row, covered) : nil
            }
        }
    }

    /// The 8x8 samples averaged into the set's sub-cells (premultiplied, in linear light).
    private func subcells(of samples: [RGBA]) -> [RGBA] {
        let parts = subcellParts
        var sums = [SIMD4<Float>](repeating: .zero, count: symbols.columns * symbols.rows)
        var weights = [Float](repeating: 0, count: sums.count)
        for y in 0..<8 {
            for x in 0..<8 {
                let pixel = samples[y * 8 + x]
                let alpha = Float(pixel.a) / 255
                let value = SIMD4(
                    LinearLight.fromSRGB[Int(pixel.r)] * alpha, LinearLight.fromSRGB[Int(pixel.g)] * alpha,
                    LinearLight.fromSRGB[Int(pixel.b)] * alpha, alpha)
                for part in parts[y] {
                    let index = part.row * 2 + x / 4
                    sums[index] += value * part.weight
                    weights[index] += part.weight
                }
            }
        }
        return zip(sums, weights).map { sum, weight in
            let alpha = sum.w / weight
            guard alpha > 0 else { return .transparent }
            return RGBA(
                r: LinearLight.toSRGB(sum.x / sum.w), g: LinearLight.toSRGB(sum.y / sum.w),
                b: LinearLight.toSRGB(sum.z / sum.w), a: UInt8((alpha * 255).rounded()))
        }
    }

    /// Every partition (the last sub-cell always in the background: each once; 0 is one colour),
    /// then with `strips` (the cell's eight columns and eight rows) the eighth blocks. Ties go to
    /// the first tried.
    private func bestCell(
        _ lanes: MosaicLanes, count: Int, x: Int, y: Int, strips: (columns: MosaicLanes, rows: MosaicLanes)? = nil
    ) -> Cell {
        LinearLight.toSRGBTable.withUnsafeBufferPointer { table in
            bestCell(lanes, count: count, x: x, y: y, strips: strips, table: table)
        }
    }

    private func bestCell(
        _ lanes: MosaicLanes, count: Int, x: Int, y: Int, strips: (columns: MosaicLanes, rows: MosaicLanes)?,
        table: UnsafeBufferPointer<UInt8>
    ) -> Cell {
        let full = (1 << count) - 1
        let all = lanes.group(mask: full)
        // Every candidate is ranked by its groups' spread about their own means in the pattern
        // space: a few additions from their sums. The few best are then scored exactly, with
        // the colours they will show (linear-light means, quantised in 256, 16 and 8 colours):
        // a mean in linear light is lighter than the pattern space's where a group mixes light
        // and dark, which can reorder close candidates.
        var finalists = MosaicFinalists()
        // In 256, 16 and 8 colours the palette moves colours as much as the pattern does: every
        // candidate is scored with the colours it will get, as the ranking cannot foresee them.
        let exhaustive = base.mode != .truecolor
        var best = (error: Float.infinity, foreground: TermColor.default, background: TermColor.default)
        var bestMask = 0
        var bestEighth: Unicode.Scalar?
        func consider(_ group: MosaicGroup, mask: Int, eighth: Unicode.Scalar? = nil) {
            if exhaustive {
                let scored = score(group, all.minus(group), x: x, y: y, table: table)
                if scored.error < best.error { (best, bestMask, bestEighth) = (scored, mask, eighth) }
            } else {
                finalists.consider(
                    spread: group.spread + all.minus(group).spread, foreground: group, mask: mask, eighth: eighth)
            }
        }
        // In Gray-code order each partition moves one sub-cell from the last: its foreground
        // group is one addition or subtraction away.
        var foreground = MosaicGroup()
        for step in 0..<(1 << (count - 1)) {
            let mask = step ^ (step >> 1)
            if step > 0 {
                let moved = step.trailingZeroBitCount
                foreground =
                    mask & (1 << moved) != 0
                    ? foreground.plus(lanes.group(moved)) : foreground.minus(lanes.group(moved))
            }
            consider(mask == 0 ? MosaicGroup() : foreground, mask: mask)
        }
        if let strips {
            for eighths in 1...7 {
                let lower = ((1 << eighths) - 1) << (8 - eighths)
                for (group, scalar) in [
                    (strips.columns.group(mask: (1 << eighths) - 1), MosaicGlyphs.leftEighths(eighths)),
                    (strips.rows.group(mask: lower), MosaicGlyphs.lowerEighths(eighths)),
                ] {
                    consider(group, mask: 0, eighth: scalar)
                }
            }
        }
        finalists.forEach { finalist in
            let scored = score(finalist.foreground, all.minus(finalist.foreground), x: x, y: y, table: table)
            if scored.error < best.error {
                best = scored
                bestMask = finalist.mask
                bestEighth = finalist.eighth
            }
        }
        if let bestEighth, best.foreground != best.background {
            return Cell(glyph: .mosaic(bestEighth), foreground: best.foreground, background: best.background)
        }
        return Self.cell(
            mask: bestEighth == nil ? bestMask : 0, foreground: best.foreground, background: best.background,
            count: count)
    }

    /// The error of showing two groups in their own (quantised) means, and those colours (one
    /// colour when `foreground` is empty).
    @inline(__always)
    private func score(
        _ foreground: MosaicGroup, _ background: MosaicGroup, x: Int, y: Int, table: UnsafeBufferPointer<UInt8>
    ) -> (error: Float, foreground: TermColor, background: TermColor) {
        let backgroundMean = background.mean(table: table)
        let backgroundColor = base.color(backgroundMean, x: x, y: y)
        var error = background.error(shown: shownColor(backgroundColor, exact: backgroundMean))
        guard foreground.count > 0 else { return (error, backgroundColor, backgroundColor) }
        let foregroundMean = foreground.mean(table: table)
        let foregroundColor = base.color(foregroundMean, x: x, y: y)
        error += foreground.error(shown: shownColor(foregroundColor, exact: foregroundMean))
        return (error, foregroundColor, backgroundColor)
    }

    /// What a terminal colour shows, as a point in `PatternSpace` (`exact`: the colour asked
    /// for, in truecolor).
    @inline(__always)
    private func shownColor(_ color: TermColor, exact: RGBA) -> SIMD3<Float> {
        let rgb: (UInt8, UInt8, UInt8)
        switch color {
        case .rgb(let r, let g, let b): rgb = (r, g, b)
        case .indexed(let index): rgb = XtermPalette.rgb(index)
        case .default: rgb = (exact.r, exact.g, exact.b)
        }
        return space.point(Float(rgb.0) / 255, Float(rgb.1) / 255, Float(rgb.2) / 255)
    }

    /// The cell showing `foreground` over the sub-cells in `mask` and `background` elsewhere.
    static func cell(mask: Int, foreground: TermColor, background: TermColor, count: Int) -> Cell {
        let full = (1 << count) - 1
        if mask == 0 || foreground == background {
            return Cell(glyph: .space, foreground: .default, background: mask == 0 ? background : foreground)
        }
        if mask == full { return Cell(glyph: .space, foreground: .default, background: foreground) }
        guard let scalar = MosaicGlyphs.scalar(mask: mask, count: count) else {
            return Cell(glyph: .space, foreground: .default, background: background)
        }
        return Cell(glyph: .mosaic(scalar), foreground: foreground, background: background)
    }
}
