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
/// bench/results/fidelity.md, SSIM up by 0.02 to 0.05. The cell is then read as an 8x8 grid of samples;
/// sub-cells, columns and rows are sums over it (a sextant's row boundaries fall inside samples,
/// which count in part), so every candidate's error is taken over the same 64 samples and the
/// least one wins whichever kind it is.
///
/// A group's colour is its mean in linear light (what the eye integrates over the cell, as the
/// downsampler averages); a partition's error is the squared distance between each sample and
/// the colour shown over it in `PatternSpace` (gamma-encoded; in truecolor, chroma weighs less
/// than luma). Measured on five pictures (bench/results/fidelity.md), gamma-encoded sRGB against linear
/// RGB: SSIM up by up to 0.007 and ΔE down by up to 0.06 at 80x24; OKLab did about as well on
/// SSIM at three cube roots a colour tried. A group's error follows from its sums (MosaicGroup).
///
/// Cost: a cell's samples are area averages taken straight from the canvas (`MosaicGeometry`:
/// no scaled picture is made), and a cell whose canvas pixels did not change (its digest) is
/// not worked out again. An opaque cell's samples go straight into its regions' sums
/// (`opaqueGridRegions`), each sample one vector of `MosaicPixelTable` quantities added to its
/// column, its row and its sub-cell: no sums across lanes (at exactly 4x8 canvas pixels a
/// cell, a clip's, straight from the pixels' bytes: `opaquePixelRegions`); without eighth
/// blocks, its pixels go straight into its sub-cells (`opaqueSubcells`). In truecolor every candidate is ranked
/// by how far its groups spread about their own means in the pattern space, which needs only
/// the groups' point sums and counts (`MosaicPartitionRanking`: eight partitions at a time;
/// `MosaicEighthRanking`: seven eighth blocks at a time), and the three least are scored
/// exactly (`MosaicFinalists`; one whose spread is over the best error already found cannot
/// win and is not): on bench/results/fidelity.md's pictures this chose as well as scoring all. In 256, 16 and 8 colours each candidate is scored with
/// the colours it will really get (quantised), or the structure gained would be lost to the
/// palette. Ties go to the first candidate in a fixed order, so an unchanged region gives the
/// same cells. Cells with transparency, and mono, use the sub-cell patterns alone.
public struct MosaicCellBuilder: Sendable {
    public let symbols: MosaicSymbols
    public let base: CellGridBuilder
    private let space: PatternSpace
    private let pixelTable: [SIMD8<Float>]
    /// For each of a cell's 8 sample rows, the sub-cell rows it lies in and how much of it each
    /// holds (`subcellRows`), made once: every cell reads it.
    private let subcellParts: [[(row: Int, weight: Float)]]
    /// The wedges are candidates (`CellGridBuilder.usesWedges`).
    private let usesWedges: Bool
    /// Every wedge's terms (`MosaicWedge.sums`) one after another, and for each wedge where its
    /// terms end, whether they are its complement's; made once (a builder is made every frame).
    private static let wedgeSums = MosaicWedge.all.map(\.sums)
    private static let wedgeTerms: [(plus: Int, minus: Int)] = wedgeSums.flatMap(\.terms)
    private static let wedgeEnds: [(end: Int, complement: Bool)] = {
        var end = 0
        return wedgeSums.map { sums in
            end += sums.terms.count
            return (end, sums.complement)
        }
    }()
    private static let wedgeScalars = MosaicWedge.all.map(\.scalar)
    /// Work on all processors at once (ParallelBands): for a picture someone waits for.
    public var parallel = false
    /// The threads for that, where not the processors' count (tests).
    var threads: Int?
    /// Let the chosen partition show its darker group at its mean in the pattern space, the
    /// lighter one carrying the rest of the cell's light, where that shows with less error
    /// (`movedLight`).
    var movesLight = true
    /// Cells of one colour skip the search (`flatCell`); off in tests, to compare.
    var takesFlatCells = true

    public init(symbols: MosaicSymbols, base: CellGridBuilder) {
        precondition(symbols != .half, "half blocks are CellGridBuilder's")
        self.symbols = symbols
        self.base = base
        space = PatternSpace(mode: base.mode)
        pixelTable = MosaicPixelTable.forSpace(space).entries
        subcellParts = Self.subcellRows(symbols.rows)
        var drawn = base
        drawn.symbols = symbols
        usesWedges = drawn.usesWedges
    }

    /// Scratch vectors a cell needs: its sample sums and regions (56), and with wedges the
    /// prefixes of its sample rows (64, and a zero).
    static let scratchCount = 56 + 65

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

    /// What `build` made of a frame, for the next: the cells, a digest of each cell's canvas
    /// pixels, and with a codec's noise the pixels each cell was made from.
    typealias Built = (grid: CellGrid, digests: [UInt64], memory: MosaicCellMemory?, recall: MosaicCellRecall?)

    /// What the cells are made with besides their pixels (`MosaicCellRecall.settings`).
    private var settings: String {
        "\(symbols) \(base.mode) \(base.eighths) \(base.wedges) \(base.dither) \(base.background) "
            + "\(movesLight) \(takesFlatCells)"
    }

    /// The grid of `geometry`'s cells, each measured on `canvas` (the picture as decoded: no
    /// scaled copy of it is made), and a digest of each cell's canvas pixels. With `previous`
    /// (what was built of an earlier frame, for the same geometry), a cell whose pixels have the
    /// same digest is taken from it, and with `noise` (a lossy codec's, in 8-bit levels) one
    /// whose pixels are all within it of those the cell was made from (`MosaicCellMemory`);
    /// with `changed` too (the canvas pixels that differ from that frame), only the cells over
    /// `changed` are looked at, and with `tiles`, only those over its marked squares.
    func build(
        _ canvas: RGBAImage, geometry: MosaicGeometry, originRow: Int, originColumn: Int,
        previous: Built? = nil, changed: (x: Range<Int>, y: Range<Int>)? = nil, tiles: ChangedTiles? = nil,
        noise: UInt8 = 0
    ) -> Built {
        canvas.pixels.withUnsafeBufferPointer { pixels in
            build(
                pixels: pixels, width: canvas.width, geometry: geometry, originRow: originRow,
                originColumn: originColumn, previous: previous, changed: changed, tiles: tiles, noise: noise)
        }
    }

    /// `build` on a canvas's `pixels` (`width` across). With `growing` (the canvas of a first
    /// frame still being drawn), each row of cells waits until the canvas rows it reads are final.
    func build(
        pixels canvasPixels: UnsafeBufferPointer<RGBA>, width: Int, geometry: MosaicGeometry, originRow: Int,
        originColumn: Int, previous: Built? = nil, changed: (x: Range<Int>, y: Range<Int>)? = nil,
        tiles changedTiles: ChangedTiles? = nil, noise: UInt8 = 0, growing: GrowingCanvas? = nil
    ) -> Built {
        var grid = CellGrid(
            rows: geometry.rows, columns: geometry.columns, originRow: originRow, originColumn: originColumn)
        var digests = [UInt64](repeating: 0, count: grid.cells.count)
        var redo = (columns: 0..<geometry.columns, rows: 0..<geometry.rows)
        let reusable = previous.flatMap {
            $0.grid.hasSameGeometry(as: grid) && $0.digests.count == digests.count ? $0 : nil
        }
        let memory =
            noise == 0
            ? nil : reusable?.memory.flatMap { $0.fits(geometry) ? $0 : nil } ?? MosaicCellMemory(geometry: geometry)
        // A new memory is trusted from the next frame on: now every cell writes its slot, those
        // whose digests match too (their pixels are the ones they were made from).
        let fresh = memory != nil && memory !== reusable?.memory
        // Cells made before, by digest: where a cell does not depend on its place, and only on
        // this thread (ParallelBands runs a band at a time on the caller's when not parallel).
        let settings = settings
        let recall =
            base.mode == .truecolor && noise == 0 && geometry.uniform && !parallel && threads == nil
            ? reusable?.recall.flatMap { $0.settings == settings ? $0 : nil } ?? MosaicCellRecall(settings: settings)
            : nil
        if let reusable {
            grid.cells = reusable.grid.cells
            digests = reusable.digests
            if let changed, !fresh { redo = geometry.cells(meeting: changed) }
        }
        let (redoColumns, redoRows) = redo
        // Squares the frame wrote: the cells over none are as `previous` has them (trusted where
        // `changed` is).
        let squares = reusable != nil && changed != nil && !fresh ? changedTiles : nil
        guard !redoColumns.isEmpty, !redoRows.isEmpty, let canvasBase = canvasPixels.baseAddress else {
            return (grid, digests, memory, recall)
        }
        let canvas = SharedPointer(base: UnsafeMutablePointer(mutating: canvasBase)), canvasCount = canvasPixels.count
        let columns = grid.columns
        let pixelsPerCell = max(1, canvasCount / max(1, columns * grid.rows))
        let work = redoColumns.count * redoRows.count * pixelsPerCell * 8
        let compare = reusable != nil
        let slots = memory.map { SharedPointer(base: $0.slots) }, slotSize = memory?.slotSize ?? 0
        grid.cells.withUnsafeMutableBufferPointer { cells in
            digests.withUnsafeMutableBufferPointer { digests in
                let cells = SharedPointer(base: cells.baseAddress!), digests = SharedPointer(base: digests.baseAddress!)
                ParallelBands.run(
                    rows: redoRows.count, work: work, parallel: parallel, threads: threads,
                    decoderBusy: growing.map { !$0.isFinished } ?? false
                ) { band in
                    var scratch = [SIMD8<Float>](repeating: .zero, count: Self.scratchCount)
                    let pixels = UnsafeBufferPointer(start: canvas.base, count: canvasCount)
                    LinearLight.fromSRGB.withUnsafeBufferPointer { toLinear in
                        for row in band.lowerBound + redoRows.lowerBound..<band.upperBound + redoRows.lowerBound {
                            let down = geometry.down[row]
                            if let growing, let last = down.last { growing.waitForRows(last.index + 1) }
                            for column in redoColumns {
                                let index = row * columns + column
                                let across = geometry.across[column]
                                if let squares, let left = across.first?.index, let right = across.last?.index,
                                    let top = down.first?.index, let bottom = down.last?.index,
                                    !squares.anyMarked(x: left..<right + 1, y: top..<bottom + 1)
                                {
                                    continue
                                }
                                // The cell's slot, where there is a memory and the cell reads pixels.
                                let slot = across.first.flatMap { first in
                                    slots.map { (pointer: $0.base + index * slotSize, first: first.index) }
                                }
                                if !fresh, let slot,
                                    MosaicCellMemory.matches(
                                        slot.pointer, canvas: pixels, width: width, first: slot.first,
                                        columns: across.count, rows: down, noise: noise)
                                {
                                    continue
                                }
                                let (digest, opaque, colour) = Self.digest(
                                    pixels, width: width, across: across, down: down)
                                if !compare || digests.base[index] != digest {
                                    digests.base[index] = digest
                                    if let known = recall?.cell(for: digest) {
                                        cells.base[index] = known
                                    } else {
                                        let made =
                                            if let colour, opaque, takesFlatCells, base.mode != .mono {
                                                flatCell(colour, column: column, row: row)
                                            } else {
                                                cell(
                                                    pixels, width: width, column: column, row: row,
                                                    geometry: geometry, opaque: opaque, toLinear: toLinear,
                                                    scratch: &scratch)
                                            }
                                        cells.base[index] = made
                                        recall?.remember(made, for: digest)
                                    }
                                } else if !fresh {
                                    continue
                                }
                                if let slot {
                                    MosaicCellMemory.remember(
                                        slot.pointer, canvas: pixels, width: width, first: slot.first,
                                        columns: across.count, rows: down)
                                }
                            }
                        }
                    }
                }
            }
        }
        return (grid, digests, memory, recall)
    }

    /// A cell's canvas pixels folded into 64 bits: equal pixels, equal digests, so an unchanged
    /// cell is not worked out again. And whether every one of them is opaque (its samples are then
    /// measured without alpha), and their one colour where they all have it (`flatCell`). Two
    /// pixels a step into four independent lanes (a multiply's latency, not its throughput,
    /// bounded the one-lane fold: a 1080p first frame spent 3 ms here), each lane mixed by
    /// rotation so high bits reach low ones; the lanes folded at the end.
    private static func digest(
        _ pixels: UnsafeBufferPointer<RGBA>, width: Int, across: [MosaicGeometry.Share],
        down: [MosaicGeometry.Share]
    ) -> (digest: UInt64, opaque: Bool, colour: RGBA?) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ lane: UInt64, _ value: UInt64) -> UInt64 {
            let mixed = lane ^ value
            return ((mixed << 31) | (mixed >> 33)) &* multiplier
        }
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0xCBF2_9CE4_8422_2325, 0x8422_2325_CBF2_9CE4, 0x1000_0000_01B3, 0xFF51_AFD7_ED55_8CCD
        )
        guard let first = across.first?.index, let top = down.first?.index else { return (lanes.0, false, nil) }
        let count = across.count
        // RGBA in memory: alpha is a little-endian word's top byte.
        var alphas: UInt64 = 0xFF00_0000_FF00_0000
        let base = UnsafeRawPointer(pixels.baseAddress!)
        // The cell's first pixel twice: every word of a one-colour cell equals it.
        let firstPixel = pixels[top * width + first]
        let single = UInt64((base + (top * width + first) * 4).loadUnaligned(as: UInt32.self))
        let pair = single | single << 32
        var differ: UInt64 = 0
        for share in down {
            var at = base + (share.index * width + first) * 4
            var left = count
            while left >= 8 {
                let a = at.loadUnaligned(as: UInt64.self), b = at.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let c = at.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                let d = at.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                alphas &= a & b & c & d
                differ |= (a ^ pair) | (b ^ pair) | (c ^ pair) | (d ^ pair)
                lanes = (mix(lanes.0, a), mix(lanes.1, b), mix(lanes.2, c), mix(lanes.3, d))
                at += 32
                left -= 8
            }
            while left >= 2 {
                let a = at.loadUnaligned(as: UInt64.self)
                alphas &= a
                differ |= a ^ pair
                lanes.0 = mix(lanes.0, a)
                at += 8
                left -= 2
            }
            if left == 1 {
                let a = UInt64(at.loadUnaligned(as: UInt32.self))
                alphas &= a | 0xFF00_0000_0000_0000
                differ |= a ^ single
                lanes.1 = mix(lanes.1, a)
            }
        }
        var hash = lanes.0 ^ ((lanes.1 << 17) | (lanes.1 >> 47))
        hash ^= ((lanes.2 << 31) | (lanes.2 >> 33)) ^ ((lanes.3 << 47) | (lanes.3 >> 17))
        hash ^= hash >> 33
        hash = hash &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return (hash, alphas & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000, differ == 0 ? firstPixel : nil)
    }

    /// An opaque cell of one colour: every candidate splits it into two groups of that colour,
    /// so the search ends in a blank cell of it, the first candidate (the same cell
    /// `bestCell` chooses: MosaicCellBuilderTests), found without it. Drawn animations are
    /// mostly flat: sprite.gif's first picture in quadrants 4.9 → 3.2 ms (`tview-bench mosaic`).
    /// A dithered flat area (med.gif's bars) is not one colour and is searched.
    private func flatCell(_ pixel: RGBA, column: Int, row: Int) -> Cell {
        Cell(
            glyph: .space, foreground: .default,
            background: base.color(pixel, x: column * symbols.columns, y: row * symbols.rows))
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
        opaque: Bool, toLinear: UnsafeBufferPointer<Float>, scratch: inout [SIMD8<Float>]
    ) -> Cell {
        let x = column * symbols.columns, y = row * symbols.rows
        if opaque, base.eighths, base.mode != .mono {
            // The common case: the samples go straight into the cell's regions.
            let count = symbols.columns * symbols.rows
            return scratch.withUnsafeMutableBufferPointer { scratch in
                var floor = RGBA.transparent
                let prefixes = usesWedges ? scratch.baseAddress! + 56 : nil
                pixelTable.withUnsafeBufferPointer { table in
                    if geometry.fourByEight {
                        floor = Self.opaquePixelRegions(
                            pixels, width: width, left: column * 4, top: row * 8, table: table,
                            subcellParts: subcellParts, scratch: scratch.baseAddress!, prefixes: prefixes)
                    } else {
                        floor = Self.opaqueGridRegions(
                            pixels, width: width, across: geometry.across[column], down: geometry.down[row],
                            toLinear: toLinear, table: table, subcellParts: subcellParts,
                            scratch: scratch.baseAddress!, prefixes: prefixes)
                    }
                }
                let regions = scratch.baseAddress! + 32
                return bestCell(
                    MosaicLanes(regions: regions + 16, count: count), count: count, x: x, y: y,
                    strips: UnsafePointer(regions),
                    wedgeRows: prefixes, floor: floor)
            }
        }
        if opaque, base.mode != .mono {
            // Sub-cells alone (no eighth blocks): summed straight into the lanes, no array a cell.
            let count = symbols.columns * symbols.rows
            let lanes = Self.opaqueSubcells(
                pixels, width: width, across: geometry.across[column], down: geometry.down[row],
                rows: symbols.rows, toLinear: toLinear, space: space, background: base.background)
            return bestCell(lanes, count: count, x: x, y: y)
        }
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
        for share in down {
            var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>(), a = SIMD8<Float>(), w = SIMD8<Float>()
            let start = share.index * width
            for pixelShare in across {
                let pixel = pixels[start + pixelShare.index]
                let halves = pixelShare.halves
                let weights = columns == 8 ? pixelShare.eighths : SIMD8(halves[0], halves[1], 0, 0, 0, 0, 0, 0)
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

    /// An opaque cell's sub-cells (without eighth blocks), as `samples` and `cell(_:x:y:)` take
    /// them (the same sums in the same order, so the same cells), without an array of samples
    /// or of sub-cells between: a 16:9 clip in quadrants at 160x48 makes 7200 cells 25 times a
    /// second.
    static func opaqueSubcells(
        _ pixels: UnsafeBufferPointer<RGBA>, width: Int, across: [MosaicGeometry.Share],
        down: [MosaicGeometry.Share], rows: Int, toLinear: UnsafeBufferPointer<Float>, space: PatternSpace,
        background: (r: UInt8, g: UInt8, b: UInt8)
    ) -> MosaicLanes {
        var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>(), area = SIMD8<Float>()
        for share in down {
            var rowR = SIMD2<Float>(), rowG = SIMD2<Float>(), rowB = SIMD2<Float>(), rowArea = SIMD2<Float>()
            let start = share.index * width
            for pixelShare in across {
                let pixel = pixels[start + pixelShare.index]
                let weights = pixelShare.halves
                rowR += weights * toLinear[Int(pixel.r)]
                rowG += weights * toLinear[Int(pixel.g)]
                rowB += weights * toLinear[Int(pixel.b)]
                rowArea += weights
            }
            for subcellRow in 0..<rows {
                let wy = share.subcellRows[subcellRow]
                guard wy > 0 else { continue }
                for half in 0..<2 {
                    let lane = subcellRow * 2 + half
                    r[lane] += rowR[half] * wy
                    g[lane] += rowG[half] * wy
                    b[lane] += rowB[half] * wy
                    area[lane] += rowArea[half] * wy
                }
            }
        }
        var lanes = MosaicLanes()
        LinearLight.toSRGBTable.withUnsafeBufferPointer { table in
            for lane in 0..<(rows * 2) {
                // Every sub-cell of a cell has canvas under it (MosaicGeometry's shares).
                assert(area[lane] > 0)
                let pixel = LinearLight.pixel(
                    premultiplied: SIMD4(r[lane], g[lane], b[lane], area[lane]) * (255 / area[lane]), table: table)
                lanes.set(lane, pixel.over(r: background.r, g: background.g, b: background.b), space: space)
            }
        }
        return lanes
    }

    /// An opaque cell's 8x8 samples, as `samples` takes them, made straight into its regions as
    /// `regions(of:)` sums them (the same values, without a grid of pixels between): no alpha to
    /// carry, each sample's area the product of its column's and its row's shares (the same
    /// for every pixel value), each sample row's linear means turned into table steps eight
    /// lanes at a time. `scratch`: 56 vectors; the regions are left from its 32nd on. With
    /// `prefixes`, each sample row's prefix sums go there too (`addSampleRow`).
    @discardableResult
    static func opaqueGridRegions(
        _ pixels: UnsafeBufferPointer<RGBA>, width: Int, across: [MosaicGeometry.Share],
        down: [MosaicGeometry.Share], toLinear: UnsafeBufferPointer<Float>, table: UnsafeBufferPointer<SIMD8<Float>>,
        subcellParts: [[(row: Int, weight: Float)]], scratch: UnsafeMutablePointer<SIMD8<Float>>,
        prefixes: UnsafeMutablePointer<SIMD8<Float>>? = nil
    ) -> RGBA {
        let sums = scratch, regions = scratch + 32
        sums.update(repeating: .zero, count: 56)
        var columnAreas = SIMD8<Float>()
        for pixelShare in across { columnAreas += pixelShare.eighths }
        for share in down {
            var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>()
            let start = share.index * width
            for pixelShare in across {
                let pixel = pixels[start + pixelShare.index]
                let weights = pixelShare.eighths
                r += weights * toLinear[Int(pixel.r)]
                g += weights * toLinear[Int(pixel.g)]
                b += weights * toLinear[Int(pixel.b)]
            }
            for sampleRow in share.eighthLanes {
                let wy = share.eighths[sampleRow]
                let at = sampleRow * 4
                sums[at] += r * wy
                sums[at + 1] += g * wy
                sums[at + 2] += b * wy
                sums[at + 3][0] += wy
            }
        }
        // x + 2²³ holds round(x) in its low mantissa bits (0 ≤ x ≤ 2²²): the nearest of
        // LinearLight's steps, eight lanes at once, with no conversion to check.
        let magic = SIMD8<Float>(repeating: 8_388_608)
        let steps = SIMD8<Float>(repeating: Float(LinearLight.steps))
        // The darkest step of each channel over the cell: column by column over the sample
        // rows, then across (the steps' bits order as the steps do).
        let above = SIMD8<UInt32>(repeating: UInt32(Int32.max))
        var least = (r: above, g: above, b: above)
        // The lesser of two lanes from their difference's sign (all under 2³¹): no lane mask,
        // which SIMD8's compare builds a lane at a time through memory.
        @inline(__always) func lower(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>) -> SIMD8<UInt32> {
            let sign = unsafeBitCast(unsafeBitCast(a &- b, to: SIMD8<Int32>.self) &>> 31, to: SIMD8<UInt32>.self)
            return b &+ ((a &- b) & sign)
        }
        LinearLight.toSRGBTable.withUnsafeBufferPointer { toSRGB in
            for sampleRow in 0..<8 {
                let at = sampleRow * 4
                let scale = steps / (columnAreas * sums[at + 3][0])
                // Sums of non-negative shares: no clamp below; at most a rounding above 1.
                let r = unsafeBitCast(sums[at] * scale + magic, to: SIMD8<UInt32>.self)
                let g = unsafeBitCast(sums[at + 1] * scale + magic, to: SIMD8<UInt32>.self)
                let b = unsafeBitCast(sums[at + 2] * scale + magic, to: SIMD8<UInt32>.self)
                least = (lower(least.r, r), lower(least.g, g), lower(least.b, b))
                @inline(__always) func byte(_ bits: UInt32) -> Int {
                    Int(toSRGB[min(Int(bits & 0x7F_FFFF), LinearLight.steps)])
                }
                // A sample of the same linear steps as the one before it (two samples of one
                // canvas pixel: a clip is made at 4 pixels across a cell; or a flat area) has
                // its quantities: taken again, not looked up again. addSampleRow asks for the
                // columns in order, so `previous` is always the column before's.
                var previous = SIMD8<Float>()
                addSampleRow(sampleRow, subcellParts: subcellParts, into: regions, prefixes: prefixes) { column in
                    if column > 0, r[column] == r[column - 1], g[column] == g[column - 1], b[column] == b[column - 1] {
                        return previous
                    }
                    var value = table[byte(r[column])] + table[256 + byte(g[column])] + table[512 + byte(b[column])]
                    value[6] = value[3] * value[3] + value[4] * value[4] + value[5] * value[5]
                    value[7] = 1
                    previous = value
                    return value
                }
            }
        }
        @inline(__always) func smallest(_ lanes: SIMD8<UInt32>) -> Int {
            var least = lanes[0]
            for lane in 1..<8 { least = min(least, lanes[lane]) }
            return min(Int(least & 0x7F_FFFF), LinearLight.steps)
        }
        return LinearLight.toSRGBTable.withUnsafeBufferPointer { toSRGB in
            RGBA(r: toSRGB[smallest(least.r)], g: toSRGB[smallest(least.g)], b: toSRGB[smallest(least.b)])
        }
    }

    /// `opaqueGridRegions` where a cell is exactly 4x8 canvas pixels (`MosaicGeometry.fourByEight`:
    /// a clip decoded for eighth blocks): each sample is half a canvas pixel across and a whole
    /// one down, so its linear mean is the pixel's own and its sRGB value the pixel's (the
    /// 4096 linear steps give every byte back). The quantities come straight from the pixels'
    /// bytes, four a row, without the area sums: the same regions, half the work. Returns the
    /// cell's floor as `opaqueGridRegions` does.
    static func opaquePixelRegions(
        _ pixels: UnsafeBufferPointer<RGBA>, width: Int, left: Int, top: Int, table: UnsafeBufferPointer<SIMD8<Float>>,
        subcellParts: [[(row: Int, weight: Float)]], scratch: UnsafeMutablePointer<SIMD8<Float>>,
        prefixes: UnsafeMutablePointer<SIMD8<Float>>? = nil
    ) -> RGBA {
        let quantities = scratch, regions = scratch + 32
        regions.update(repeating: .zero, count: 24)
        // The floor channel by channel in scalars: a lane mask of SIMD4<UInt8> is built a lane
        // at a time through memory, which took a third of this function.
        var floor = RGBA(r: .max, g: .max, b: .max)
        for y in 0..<8 {
            let row = pixels.baseAddress! + (top + y) * width + left
            for x in 0..<4 {
                let pixel = row[x]
                // A pixel like the one before it (flat areas) takes its quantities again.
                if x > 0, pixel == row[x - 1] {
                    quantities[x] = quantities[x - 1]
                    continue
                }
                quantities[x] = MosaicPixelTable.quantities(pixel, table: table)
                floor = RGBA(r: min(floor.r, pixel.r), g: min(floor.g, pixel.g), b: min(floor.b, pixel.b))
            }
            addSampleRow(y, subcellParts: subcellParts, into: regions, prefixes: prefixes) { x in quantities[x >> 1] }
        }
        return floor
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
        let count = symbols.columns * symbols.rows
        return withUnsafeTemporaryAllocation(of: SIMD8<Float>.self, capacity: 24 + 65) { regions in
            let prefixes = usesWedges ? regions.baseAddress! + 24 : nil
            prefixes?[64] = .zero
            let floor = shown.withUnsafeBufferPointer { samples in
                pixelTable.withUnsafeBufferPointer { table in
                    Self.regions(
                        of: samples, subcellParts: subcellParts, table: table, into: regions.baseAddress!,
                        prefixes: prefixes)
                }
            }
            let lanes = regions.baseAddress!
            return bestCell(
                MosaicLanes(regions: lanes + 16, count: count), count: count, x: x, y: y,
                strips: UnsafePointer(lanes),
                wedgeRows: prefixes, floor: floor)
        }
    }

    /// The regions of an 8x8 grid of opaque samples, each the sum of its samples'
    /// `MosaicPixelTable` quantities: into `regions` its eight columns, then its eight rows,
    /// then its sub-cells (row by row, a sextant's samples 2 and 5 split between two rows by
    /// `subcellParts`). A sample is added to its three regions whole, one vector each: no sums
    /// across lanes. With `prefixes`, each sample row's prefix sums go there too.
    @discardableResult
    static func regions(
        of samples: UnsafeBufferPointer<RGBA>, subcellParts: [[(row: Int, weight: Float)]],
        table: UnsafeBufferPointer<SIMD8<Float>>, into regions: UnsafeMutablePointer<SIMD8<Float>>,
        prefixes: UnsafeMutablePointer<SIMD8<Float>>? = nil
    ) -> RGBA {
        regions.update(repeating: .zero, count: 24)
        for y in 0..<8 {
            addSampleRow(y, subcellParts: subcellParts, into: regions, prefixes: prefixes) { x in
                MosaicPixelTable.quantities(samples[y * 8 + x], table: table)
            }
        }
        return RGBA.floor(of: samples)
    }

    /// Sample row `y`, whose eight samples' quantities `value` gives (by column), added to the
    /// regions (`regions(of:)`'s layout): each sample to its column, the row whole to its eighth
    /// row, its left and right halves to the sub-cells it lies in. With `prefixes` (for the
    /// wedges), the sum of the row's first k + 1 samples to `prefixes[y * 8 + k]`.
    @inline(__always)
    private static func addSampleRow(
        _ y: Int, subcellParts: [[(row: Int, weight: Float)]], into regions: UnsafeMutablePointer<SIMD8<Float>>,
        prefixes: UnsafeMutablePointer<SIMD8<Float>>?, value: (Int) -> SIMD8<Float>
    ) {
        var row = SIMD8<Float>(), left = SIMD8<Float>()
        for x in 0..<8 {
            let sample = value(x)
            regions[x] += sample
            row += sample
            prefixes?[y * 8 + x] = row
            if x == 3 { left = row }
        }
        regions[8 + y] = row
        let right = row - left
        for part in subcellParts[y] {
            regions[16 + part.row * 2] += left * part.weight
            regions[16 + part.row * 2 + 1] += right * part.weight
        }
    }

    /// For each of a cell's 8 sample rows, the sub-cell rows it lies in and how much of it each
    /// holds (a sextant's rows end a third of the way into samples 2 and 5).
    static func subcellRows(_ count: Int) -> [[(row: Int, weight: Float)]] {
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
    /// then with `strips` (the quantities of the cell's eight columns, then its eight rows, as
    /// `regions(of:)` leaves them: each eighth block one more added) the eighth blocks, then with
    /// `wedgeRows` (the sample rows' prefix sums, `addSampleRow`) the wedges. Ties go to the
    /// first tried.
    private func bestCell(
        _ lanes: MosaicLanes, count: Int, x: Int, y: Int, strips: UnsafePointer<SIMD8<Float>>? = nil,
        wedgeRows: UnsafePointer<SIMD8<Float>>? = nil, floor: RGBA? = nil
    ) -> Cell {
        LinearLight.toSRGBTable.withUnsafeBufferPointer { table in
            bestCell(
                lanes, count: count, x: x, y: y, strips: strips, wedgeRows: wedgeRows, floor: floor, table: table)
        }
    }

    private func bestCell(
        _ lanes: MosaicLanes, count: Int, x: Int, y: Int, strips: UnsafePointer<SIMD8<Float>>?,
        wedgeRows: UnsafePointer<SIMD8<Float>>?, floor: RGBA?, table: UnsafeBufferPointer<UInt8>
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
        var best = Choice()
        if exhaustive {
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
                consider(
                    foreground, mask: mask, eighth: nil, all: all, exhaustive: true, x: x, y: y, table: table,
                    best: &best, finalists: &finalists)
            }
        } else {
            MosaicPartitionRanking.rank(lanes, count: count, all: all, into: &finalists)
        }
        if let strips, !exhaustive {
            MosaicEighthRanking.rank(strips: strips, all: all, into: &finalists)
        } else if let strips {
            // The left k eighths and the lower k eighths, each one strip more than the last.
            // Summed as quantities (a vector each, the same additions as the groups' own).
            var left = SIMD8<Float>(), lower = SIMD8<Float>()
            for eighths in 1...7 {
                left += strips[eighths - 1]
                lower += strips[8 + 8 - eighths]
                consider(
                    MosaicGroup(quantities: left), mask: 0, eighth: MosaicGlyphs.leftEighths(eighths), all: all,
                    exhaustive: exhaustive, x: x, y: y, table: table, best: &best, finalists: &finalists)
                consider(
                    MosaicGroup(quantities: lower), mask: 0, eighth: MosaicGlyphs.lowerEighths(eighths), all: all,
                    exhaustive: exhaustive, x: x, y: y, table: table, best: &best, finalists: &finalists)
            }
        }
        if let wedgeRows {
            // Each wedge's group is a run of its sample rows (a prefix, or the row less one), or
            // the cell less the runs it leaves.
            Self.wedgeTerms.withUnsafeBufferPointer { terms in
                var start = 0
                for wedge in 0..<Self.wedgeScalars.count {
                    let (end, complement) = Self.wedgeEnds[wedge]
                    var sums = SIMD8<Float>()
                    for term in terms[start..<end] { sums += wedgeRows[term.plus] - wedgeRows[term.minus] }
                    start = end
                    let runs = MosaicGroup(quantities: sums)
                    consider(
                        complement ? all.minus(runs) : runs, mask: 0, eighth: Self.wedgeScalars[wedge], all: all,
                        exhaustive: exhaustive, x: x, y: y, table: table, best: &best, finalists: &finalists)
                }
            }
        }
        finalists.forEach { finalist in
            // Shown in any colours, a candidate's groups are off by at least their spread (each
            // group's least error is at its own mean), so a finalist spread wider than the best
            // error so far cannot win: not scored.
            guard finalist.spread <= best.error else { return }
            let foreground = finalist.foreground ?? lanes.group(mask: finalist.mask)
            let scored = score(foreground, all.minus(foreground), x: x, y: y, table: table)
            if scored.error < best.error {
                best = Choice(
                    error: scored.error, foreground: scored.foreground, background: scored.background,
                    mask: finalist.mask, eighth: finalist.eighth, group: foreground)
            }
        }
        if movesLight, best.group.count > 0, best.group.count < all.count,
            let moved = movedLight(
                best.group, all.minus(best.group), floor: floor ?? lanes.floor(count: count, table: table), x: x, y: y,
                table: table), moved.floored || moved.error < best.error
        {
            (best.foreground, best.background) = (moved.foreground, moved.background)
        }
        if let eighth = best.eighth, best.foreground != best.background {
            return Cell(glyph: .mosaic(eighth), foreground: best.foreground, background: best.background)
        }
        return Self.cell(
            mask: best.eighth == nil ? best.mask : 0, foreground: best.foreground, background: best.background,
            count: count)
    }

    /// The cell chosen so far and its error.
    private struct Choice {
        var error = Float.infinity
        var foreground = TermColor.default
        var background = TermColor.default
        var mask = 0
        var eighth: Unicode.Scalar?
        /// The samples in the foreground.
        var group = MosaicGroup()
    }

    /// One candidate (`group` in the foreground, the rest of `all` behind): the partitions and
    /// the eighth blocks in palettes, the wedges in every mode. Scored at once in palettes, else ranked by
    /// spread, whose check against the third finalist comes first (most candidates stop there). A method with inout state, not a closure over it: the
    /// closure's captured variables were checked for exclusive access at run time, a tenth of
    /// the time octants took.
    @inline(__always)
    private func consider(
        _ group: MosaicGroup, mask: Int, eighth: Unicode.Scalar?, all: MosaicGroup, exhaustive: Bool, x: Int, y: Int,
        table: UnsafeBufferPointer<UInt8>, best: inout Choice, finalists: inout MosaicFinalists
    ) {
        if exhaustive {
            let scored = score(group, all.minus(group), x: x, y: y, table: table)
            if scored.error < best.error {
                best = Choice(
                    error: scored.error, foreground: scored.foreground, background: scored.background, mask: mask,
                    eighth: eighth, group: group)
            }
        } else {
            let rest = all.minus(group)
            if group.count > 0, rest.count > 0 {
                // spread = Σ|c|² − |ΣP|²/n − |ΣQ|²/m over the two groups; it is under the
                // third finalist's s when (Σ|c|² − s)·n·m < |ΣP|²·m + |ΣQ|²·n, which needs no
                // division. Only the wedges come here now (partitions and eighth blocks go through
                // their rankings); the check stays because its rounding decides ties of
                // a hair between them (ten of 336 pictures in every set and mode differ without it).
                let product = group.count * rest.count
                let groupPower = (group.pointTotal * group.pointTotal).sum()
                let restPower = (rest.pointTotal * rest.pointTotal).sum()
                guard
                    (all.squares - finalists.worstSpread) * product < groupPower * rest.count + restPower * group.count
                else { return }
            }
            let spread = group.spread + rest.spread
            if spread < finalists.worstSpread {
                finalists.consider(spread: spread, foreground: group, mask: mask, eighth: eighth)
            }
        }
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

    /// The chosen partition's light, moved (nil where it cannot be): a little light spread over
    /// a dark group lifts all of it in its mean light (a faint glow over the whole cell around a
    /// star in its corner), so the darker group may show its mean in the pattern space instead
    /// (darker) and the lighter one carry the rest of the cell's light, where that shows with
    /// less error. The cell's light is kept either way (what the eye sums from a distance).
    ///
    /// Over black the pattern space's mean still glows: the samples a star only partly covers
    /// keep a few steps of it (measured on bench/results/fidelity.md's star field: boxes of
    /// 4 to 13 of 255 around stars), and a box a step above black is the box the eye sees. So
    /// where the cell's `floor` (its darkest sample, channel by channel) is near black and the
    /// darker group is sparse above it (most of its samples at the floor: the variance of their
    /// distance to it at least its mean squared, which holds when at most half are lit), the
    /// darker group shows the floor (`floored`, taken without comparing errors: by squared
    /// error the mean always wins, and the glow is what it misses).
    private func movedLight(
        _ foreground: MosaicGroup, _ background: MosaicGroup, floor cellFloor: @autoclosure () -> RGBA, x: Int,
        y: Int, table: UnsafeBufferPointer<UInt8>
    ) -> (error: Float, foreground: TermColor, background: TermColor, floored: Bool)? {
        let weights = SIMD3<Float>(0.2126, 0.7152, 0.0722)
        let foregroundDarker =
            (foreground.total * weights).sum() * background.count < (background.total * weights).sum()
            * foreground.count
        let (dark, light) = foregroundDarker ? (foreground, background) : (background, foreground)
        // Samples within a step of one another: their means agree, nothing to move.
        guard dark.spread > dark.count * 1.6e-5 else { return nil }
        // Made only here: without eighth blocks it is worked out from the sub-cells.
        let floor = cellFloor()
        let floored =
            max(floor.r, floor.g, floor.b) <= Self.nearBlack && Self.isSparse(dark, above: floor, space: space)
        let darkMean = floored ? floor : space.srgb(point: dark.pointTotal / dark.count)
        let darkLinear = SIMD3(
            LinearLight.fromSRGB[Int(darkMean.r)], LinearLight.fromSRGB[Int(darkMean.g)],
            LinearLight.fromSRGB[Int(darkMean.b)])
        let lightLinear = (light.total + dark.total - darkLinear * dark.count) / light.count
        // Only where the lighter group can carry it all: light lost is no better picture.
        guard lightLinear.max() <= 1, lightLinear.min() >= 0 else { return nil }
        let lightMean = LinearLight.pixel(linear: lightLinear, table: table)
        let darkColor = base.color(darkMean, x: x, y: y), lightColor = base.color(lightMean, x: x, y: y)
        let error =
            dark.error(shown: shownColor(darkColor, exact: darkMean))
            + light.error(shown: shownColor(lightColor, exact: lightMean))
        return foregroundDarker
            ? (error, darkColor, lightColor, floored) : (error, lightColor, darkColor, floored)
    }

    /// A floor a black sky's cells have (24 of 255 in sRGB): the deepest shadows of
    /// bench/results/fidelity.md's photos are above it, so their cells keep the mean.
    private static let nearBlack: UInt8 = 24

    /// Whether most of `group`'s samples sit at `floor` and a few above it: the
    /// variance of the samples' distances to it (in the pattern space) is at least their mean
    /// distance squared, from the group's sums alone.
    private static func isSparse(
        _ group: MosaicGroup, above floor: RGBA, space: PatternSpace
    ) -> Bool {
        let point = space.point(Float(floor.r) / 255, Float(floor.g) / 255, Float(floor.b) / 255)
        let distance = group.pointTotal - group.count * point
        let squares = group.squares - 2 * (point * group.pointTotal).sum() + group.count * (point * point).sum()
        return group.count * squares >= 2 * (distance * distance).sum()
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
