import Decode
import Foundation
@testable import Picture
import TestSupport
import Testing

/// Quadrant, sextant and octant cells, alone and with the eighth blocks: every two-colour pattern
/// comes back exactly, the chosen cell is the least-error one (checked against an independent
/// brute force), quantised modes score with the colours they will get, and unchanged input
/// gives the same cells.
@Suite struct MosaicCellBuilderTests {
    /// What a cell shows, sub-cell by sub-cell (row by row), as sRGB colours (nil: the terminal's
    /// own background).
    static func raster(_ cell: Cell, symbols: MosaicSymbols) -> [(Int, Int, Int)?] {
        let count = symbols.columns * symbols.rows
        var mask = 0
        switch cell.glyph {
        case .space: mask = 0
        case .fullBlock: mask = (1 << count) - 1
        case .mosaic(let scalar):
            mask = (0..<(1 << count)).first { MosaicGlyphs.scalar(mask: $0, count: count) == scalar } ?? -1
        case .upperHalf, .lowerHalf: mask = -1
        }
        #expect(mask >= 0, "\(cell.glyph) is no \(symbols) pattern")
        return (0..<count).map { mask & 1 << $0 != 0 ? rgb(cell.foreground) : rgb(cell.background) }
    }

    /// What a terminal colour shows (nil: the terminal's own background).
    static func rgb(_ color: TermColor) -> (Int, Int, Int)? {
        switch color {
        case .default: return nil
        case .rgb(let r, let g, let b): return (Int(r), Int(g), Int(b))
        case .indexed(let index):
            let value = XtermPalette.rgb(index)
            return (Int(value.0), Int(value.1), Int(value.2))
        }
    }

    static func linear(_ value: Int) -> Double {
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Squared error between what a cell shows and the samples it stands for, in gamma-encoded
    /// Y′CbCr (BT.601, 0 to 1) with the chroma axes scaled by `chroma` (tview's pattern space:
    /// 0.316 in truecolor, 1 in palettes).
    static func error(_ shown: [(Int, Int, Int)?], _ samples: [RGBA], chroma: Double = 0.316) -> Double {
        zip(shown, samples).reduce(0) { total, pair in
            guard let shown = pair.0 else { return total + 99 }
            let a = pair.1
            let (r, g, b) = (
                Double(shown.0 - Int(a.r)) / 255, Double(shown.1 - Int(a.g)) / 255, Double(shown.2 - Int(a.b)) / 255
            )
            let luma = 0.299 * r + 0.587 * g + 0.114 * b
            let blue = chroma * (-0.168_736 * r - 0.331_264 * g + 0.5 * b)
            let red = chroma * (0.5 * r - 0.418_688 * g - 0.081_312 * b)
            return total + luma * luma + blue * blue + red * red
        }
    }

    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func everyTwoColourPatternComesBackExactly(symbols: MosaicSymbols) {
        let builder = MosaicCellBuilder(symbols: symbols, base: CellGridBuilder(mode: .truecolor))
        let count = symbols.columns * symbols.rows
        let on = RGBA(r: 250, g: 40, b: 10), off = RGBA(r: 5, g: 60, b: 200)
        for mask in 0..<(1 << count) {
            let subcells = (0..<count).map { mask & 1 << $0 != 0 ? on : off }
            let shown = Self.raster(builder.cell(subcells, x: 0, y: 0), symbols: symbols)
            #expect(Self.error(shown, subcells) < 1e-9, "mask \(mask)")
        }
    }

    /// A point of tview's pattern space (gamma-encoded Y′CbCr, chroma scaled by `chroma`).
    static func point(_ pixel: RGBA, chroma: Double = 0.316) -> (Double, Double, Double) {
        let (r, g, b) = (Double(pixel.r) / 255, Double(pixel.g) / 255, Double(pixel.b) / 255)
        return (
            0.299 * r + 0.587 * g + 0.114 * b, chroma * (-0.168_736 * r - 0.331_264 * g + 0.5 * b),
            chroma * (0.5 * r - 0.418_688 * g - 0.081_312 * b)
        )
    }

    /// The spread of a group about its own mean in the pattern space: Σ share·|p − p̄|².
    static func spread(_ samples: [RGBA], shares: [Double]) -> Double {
        let weight = shares.reduce(0, +)
        guard weight > 1e-12 else { return 0 }
        let points = samples.map { Self.point($0) }
        var mean = (0.0, 0.0, 0.0)
        for (p, share) in zip(points, shares) {
            mean = (mean.0 + p.0 * share / weight, mean.1 + p.1 * share / weight, mean.2 + p.2 * share / weight)
        }
        return zip(points, shares).reduce(0) { total, pair in
            let (p, share) = pair
            let d = (p.0 - mean.0, p.1 - mean.1, p.2 - mean.2)
            return total + share * (d.0 * d.0 + d.1 * d.1 + d.2 * d.2)
        }
    }

    /// What tview picks among `candidates` (each: foreground shares of the samples, and the
    /// error of the cell drawn with its groups' linear-light means): the three with the least
    /// spread of their two groups (in the order given on ties), then the least error of those.
    static func expectedError(_ candidates: [(shares: [Double], error: Double)], _ samples: [RGBA]) -> Double {
        var ranked: [(index: Int, spread: Double)] = []
        for (index, candidate) in candidates.enumerated() {
            let background = candidate.shares.map { 1 - $0 }
            let total: Double = spread(samples, shares: candidate.shares) + spread(samples, shares: background)
            ranked.append((index, total))
        }
        ranked.sort { $0.spread < $1.spread || ($0.spread == $1.spread && $0.index < $1.index) }
        return ranked.prefix(3).map { candidates[$0.index].error }.min()!
    }

    /// The chosen cell is the one tview means to choose, found here by brute force in double
    /// precision (truecolor) on random cells: of the three partitions whose groups spread least
    /// about their means in the pattern space, the one closest to the cell when drawn with its
    /// groups' mean colours (in linear light). And it is never far from the closest of all.
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func theChosenCellHasTheLeastError(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 7)
        var builder = MosaicCellBuilder(symbols: symbols, base: CellGridBuilder(mode: .truecolor))
        builder.movesLight = false
        let count = symbols.columns * symbols.rows
        var chosenTotal = 0.0, bestTotal = 0.0
        for _ in 0..<300 {
            let subcells = (0..<count).map { _ in
                RGBA(r: UInt8(random.next() % 256), g: UInt8(random.next() % 256), b: UInt8(random.next() % 256))
            }
            let chosen = Self.error(Self.raster(builder.cell(subcells, x: 0, y: 0), symbols: symbols), subcells)
            // Each partition once: the last sub-cell in the background.
            var candidates: [(shares: [Double], error: Double)] = []
            for mask in 0..<(1 << (count - 1)) {
                var shown: [(Int, Int, Int)?] = Array(repeating: nil, count: count)
                for group in [mask, ((1 << count) - 1) & ~mask] where group != 0 {
                    let members = (0..<count).filter { group & 1 << $0 != 0 }
                    // The mean in linear light, to 8 bits by tview's own table (its rounding
                    // decides ties of a hair).
                    func mean(_ channel: (RGBA) -> UInt8) -> Int {
                        let average =
                            members.map { Self.linear(Int(channel(subcells[$0]))) }.reduce(0, +)
                            / Double(members.count)
                        return Int(LinearLight.toSRGB(Float(average)))
                    }
                    let colour = (mean(\.r), mean(\.g), mean(\.b))
                    for member in members { shown[member] = colour }
                }
                candidates.append(((0..<count).map { mask & 1 << $0 != 0 ? 1 : 0 }, Self.error(shown, subcells)))
            }
            let expected = Self.expectedError(candidates, subcells)
            // 8-bit rounding of the means on both sides: a hair of slack.
            #expect(abs(chosen - expected) <= 1e-4, "chosen \(chosen), expected \(expected)")
            chosenTotal += chosen
            bestTotal += candidates.map(\.error).min()!
        }
        // Random colours are the hardest case for ranking by spread: still within 3 % in all.
        #expect(chosenTotal <= bestTotal * 1.03, "chosen \(chosenTotal), best \(bestTotal)")
    }

    /// In 256 colours each pattern is scored with its quantised colours: never worse than picking
    /// the truecolor pattern and quantising its colours afterwards.
    @Test func quantisedModesScoreWithTheirOwnColours() {
        var random = SplitMix64(seed: 11)
        // The rule alone: no light moved afterwards on either side.
        var truecolor = MosaicCellBuilder(symbols: .sextant, base: CellGridBuilder(mode: .truecolor))
        var palette = MosaicCellBuilder(symbols: .sextant, base: CellGridBuilder(mode: .palette256))
        truecolor.movesLight = false
        palette.movesLight = false
        var better = 0
        for _ in 0..<300 {
            let subcells = (0..<6).map { _ in
                RGBA(r: UInt8(random.next() % 256), g: UInt8(random.next() % 256), b: UInt8(random.next() % 256))
            }
            let scored = Self.error(
                Self.raster(palette.cell(subcells, x: 0, y: 0), symbols: .sextant), subcells, chroma: 1)
            let afterwards = Self.error(
                Self.raster(truecolor.cell(subcells, x: 0, y: 0).inPalette256, symbols: .sextant), subcells, chroma: 1)
            #expect(scored <= afterwards + 1e-9)
            if scored < afterwards - 1e-9 { better += 1 }
        }
        #expect(better > 0, "quantised scoring never chose differently")
    }

    /// Every octant pattern has its own character: all 230 of U+1CD00–U+1CDE5 and 25 older ones
    /// (Unicode 16's names: BLOCK OCTANT-3 is the first, pattern 4; OCTANT-2345678 the last).
    @Test func everyOctantPatternHasOneCharacter() {
        let scalars = (1..<256).compactMap { MosaicGlyphs.scalar(mask: $0, count: 8) }
        #expect(scalars.count == 255 && Set(scalars).count == 255)
        let octants = scalars.filter { (0x1CD00...0x1CDE5).contains($0.value) }
        #expect(octants.count == 230)
        #expect(MosaicGlyphs.scalar(mask: 4, count: 8) == "\u{1CD00}")
        #expect(MosaicGlyphs.scalar(mask: 0b0001_0111, count: 8) == "\u{1CD0F}")  // OCTANT-1235
        #expect(MosaicGlyphs.scalar(mask: 254, count: 8) == "\u{1CDE5}")
        // Sextants: SEXTANT-1 first, SEXTANT-23456 last.
        #expect(MosaicGlyphs.scalar(mask: 1, count: 6) == "\u{1FB00}")
        #expect(MosaicGlyphs.scalar(mask: 62, count: 6) == "\u{1FB3B}")
    }

    @Test func transparentSubcellsShowTheTerminalsBackground() {
        let builder = MosaicCellBuilder(symbols: .quadrant, base: CellGridBuilder(mode: .truecolor))
        let red = RGBA(r: 255, g: 0, b: 0)
        let cell = builder.cell([red, .transparent, .transparent, red], x: 0, y: 0)
        #expect(cell == Cell(glyph: .mosaic("\u{259A}"), foreground: .rgb(255, 0, 0), background: .default))
        #expect(builder.cell([.transparent, .transparent, .transparent, .transparent], x: 0, y: 0) == .blank)
    }

    /// The same frame twice: the same cells (ties broken in a fixed order), so the diff sends
    /// nothing for what did not change.
    @Test func unchangedInputGivesTheSameCells() {
        var random = SplitMix64(seed: 3)
        var image = RGBAImage(width: 20, height: 15)
        for index in image.pixels.indices {
            image.pixels[index] = RGBA(r: UInt8(random.next() % 4 * 60), g: 80, b: UInt8(random.next() % 2 * 200))
        }
        let builder = MosaicCellBuilder(symbols: .sextant, base: CellGridBuilder(mode: .truecolor))
        #expect(builder.build(image) == builder.build(image))
        #expect(builder.build(image).rows == 5 && builder.build(image).columns == 10)
    }

    /// How much of each sample of an 8x8 grid (row by row) a glyph's foreground covers: sextant
    /// rows end a third of the way into samples 2 and 5.
    static func coverage(_ glyph: Glyph, symbols: MosaicSymbols) -> [Double] {
        var cover = [Double](repeating: 0, count: 64)
        func fill(_ inside: (Int, Int) -> Bool) {
            for y in 0..<8 { for x in 0..<8 where inside(x, y) { cover[y * 8 + x] = 1 } }
        }
        switch glyph {
        case .space: break
        case .fullBlock: fill { _, _ in true }
        case .upperHalf: fill { _, y in y < 4 }
        case .lowerHalf: fill { _, y in y >= 4 }
        case .mosaic(let scalar):
            let value = Int(scalar.value)
            if (0x2581...0x2588).contains(value) {
                fill { _, y in y >= 8 - (value - 0x2580) }
            } else if (0x2589...0x258F).contains(value) {
                fill { x, _ in x < 0x2590 - value }
            } else if let wedge = MosaicWedge.all.first(where: { $0.scalar == scalar }) {
                fill { x, y in wedge.fromRight ? x >= 8 - wedge.runs[y] : x < wedge.runs[y] }
            } else {
                let count = symbols.columns * symbols.rows
                let mask = (1..<(1 << count)).first { MosaicGlyphs.scalar(mask: $0, count: count) == scalar }
                #expect(mask != nil, "\(scalar) is no \(symbols) pattern nor an eighth block")
                for y in 0..<8 {
                    for x in 0..<8 {
                        for row in 0..<symbols.rows where mask! & 1 << (row * 2 + x / 4) != 0 {
                            let top = Double(row * 8) / Double(symbols.rows)
                            let bottom = Double((row + 1) * 8) / Double(symbols.rows)
                            cover[y * 8 + x] += max(0, min(bottom, Double(y + 1)) - max(top, Double(y)))
                        }
                    }
                }
            }
        }
        return cover
    }

    /// What a cell shows over each of 64 samples (a sample partly covered: the colours mixed).
    static func shown(_ cell: Cell, symbols: MosaicSymbols) -> [(Int, Int, Int)?] {
        func rgb(_ color: TermColor) -> (Double, Double, Double)? {
            Self.rgb(color).map { (Double($0.0), Double($0.1), Double($0.2)) }
        }
        return coverage(cell.glyph, symbols: symbols).map { cover in
            guard let background = rgb(cell.background) ?? (cover == 0 ? nil : (0, 0, 0)) else { return nil }
            let foreground = rgb(cell.foreground) ?? background
            func mix(_ f: Double, _ b: Double) -> Int { Int((f * cover + b * (1 - cover)).rounded()) }
            return (mix(foreground.0, background.0), mix(foreground.1, background.1), mix(foreground.2, background.2))
        }
    }

    /// An opaque cell's regions made straight from the canvas (`opaqueGridRegions`, what playing
    /// uses) are those of its 8x8 samples taken the general way (`samples`, then `regions(of:)`):
    /// random canvases, enlarged and reduced, every cell of every set. The areas are summed in
    /// another order, so a sample right between two steps of the sRGB table may take the other
    /// one: a few parts in a thousand of a region at most (measured 0.0027), none at 480x270.
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func opaqueCellsMeasuredDirectlyEqualTheirSamples(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 43)
        let parts = MosaicCellBuilder.subcellRows(symbols.rows)
        let table = MosaicPixelTable.truecolor.entries
        for (width, height, columns, rows) in [(97, 61, 20, 8), (30, 17, 40, 12), (480, 270, 16, 5)] {
            let canvas = random.opaqueCanvas(width: width, height: height)
            let geometry = MosaicGeometry(
                sourceWidth: width, sourceHeight: height, columns: columns, rows: rows, subcellRows: symbols.rows)
            var scratch = [SIMD8<Float>](repeating: .zero, count: 56)
            var expected = [SIMD8<Float>](repeating: .zero, count: 24)
            var worst: Float = 0
            canvas.pixels.withUnsafeBufferPointer { pixels in
                LinearLight.fromSRGB.withUnsafeBufferPointer { toLinear in
                    table.withUnsafeBufferPointer { table in
                        for row in 0..<rows {
                            for column in 0..<columns {
                                let across = geometry.across[column], down = geometry.down[row]
                                let samples = MosaicCellBuilder.samples(
                                    pixels, width: width, across: across, down: down, columns: 8, rows: 8,
                                    toLinear: toLinear, sums: &scratch)
                                samples.withUnsafeBufferPointer { samples in
                                    expected.withUnsafeMutableBufferPointer {
                                        MosaicCellBuilder.regions(
                                            of: samples, subcellParts: parts, table: table, into: $0.baseAddress!)
                                    }
                                }
                                scratch.withUnsafeMutableBufferPointer {
                                    MosaicCellBuilder.opaqueGridRegions(
                                        pixels, width: width, across: across, down: down, toLinear: toLinear,
                                        table: table, subcellParts: parts, scratch: $0.baseAddress!)
                                }
                                for index in 0..<(16 + symbols.columns * symbols.rows) {
                                    let difference = scratch[32 + index] - expected[index]
                                    let scale = max(1, expected[index][6])
                                    worst = max(worst, (difference * difference).sum().squareRoot() / scale)
                                }
                            }
                        }
                    }
                }
            }
            #expect(worst < 0.005, "\(width)x\(height) at \(columns)x\(rows): \(worst)")
        }
    }

    /// At exactly 4x8 canvas pixels a cell (a clip decoded for eighth blocks), the regions taken
    /// straight from the pixels' bytes (`opaquePixelRegions`) are those of the general path
    /// (`opaqueGridRegions`) to the bit: every byte comes back from its linear step. The
    /// wedges' row prefixes and the cell's floor too. Random canvases with flat runs, every set.
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func fourByEightCellsTakenFromTheirPixelsEqualTheGeneralPath(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 45)
        let parts = MosaicCellBuilder.subcellRows(symbols.rows)
        let table = MosaicPixelTable.truecolor.entries
        let (columns, rows) = (24, 6)
        var canvas = random.opaqueCanvas(width: columns * 4, height: rows * 8)
        // Runs of equal pixels (the path's shortcut) and dark floors.
        for index in stride(from: 0, to: canvas.pixels.count, by: 3) where index % 7 < 3 {
            canvas.pixels[index] = canvas.pixels[max(0, index - 1)]
        }
        for index in stride(from: 0, to: canvas.pixels.count, by: 5) {
            canvas.pixels[index] = RGBA(r: UInt8(index % 9), g: UInt8(index % 4), b: 0)
        }
        let geometry = MosaicGeometry(
            sourceWidth: columns * 4, sourceHeight: rows * 8, columns: columns, rows: rows, subcellRows: symbols.rows)
        #expect(geometry.fourByEight)
        var general = [SIMD8<Float>](repeating: .zero, count: 121), direct = general
        var cellsCompared = 0
        canvas.pixels.withUnsafeBufferPointer { pixels in
            LinearLight.fromSRGB.withUnsafeBufferPointer { toLinear in
                table.withUnsafeBufferPointer { table in
                    for row in 0..<rows {
                        for column in 0..<columns {
                            let floors = general.withUnsafeMutableBufferPointer { general in
                                direct.withUnsafeMutableBufferPointer { direct in
                                    (
                                        MosaicCellBuilder.opaqueGridRegions(
                                            pixels, width: columns * 4, across: geometry.across[column],
                                            down: geometry.down[row], toLinear: toLinear, table: table,
                                            subcellParts: parts, scratch: general.baseAddress!,
                                            prefixes: general.baseAddress! + 56),
                                        MosaicCellBuilder.opaquePixelRegions(
                                            pixels, width: columns * 4, left: column * 4, top: row * 8, table: table,
                                            subcellParts: parts, scratch: direct.baseAddress!,
                                            prefixes: direct.baseAddress! + 56)
                                    )
                                }
                            }
                            #expect(floors.0 == floors.1, "cell \(column), \(row)")
                            let regions = 16 + symbols.columns * symbols.rows
                            #expect(Array(general[32..<(32 + regions)]) == Array(direct[32..<(32 + regions)]))
                            #expect(Array(general[56..<120]) == Array(direct[56..<120]), "cell \(column), \(row)")
                            cellsCompared += 1
                        }
                    }
                }
            }
        }
        #expect(cellsCompared == columns * rows)
    }

    /// Without eighth blocks, an opaque cell's sub-cells summed straight from the canvas
    /// (`opaqueSubcells`, what playing uses) are exactly those of its sub-cell samples taken the
    /// general way (`samples`, each over the background): the same lanes to the bit, so the same
    /// cells. Random canvases, enlarged and reduced, every set.
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func opaqueSubcellsMeasuredDirectlyEqualTheirSamples(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 44)
        let builder = MosaicCellBuilder(symbols: symbols, base: CellGridBuilder(mode: .truecolor))
        let space = PatternSpace(mode: .truecolor)
        for (width, height, columns, rows) in [(97, 61, 20, 8), (30, 17, 40, 12), (640, 192, 160, 48)] {
            let canvas = random.opaqueCanvas(width: width, height: height)
            let geometry = MosaicGeometry(
                sourceWidth: width, sourceHeight: height, columns: columns, rows: rows, subcellRows: symbols.rows)
            var scratch = [SIMD8<Float>](repeating: .zero, count: 56)
            var mismatches = 0
            var cells: [Cell] = []
            canvas.pixels.withUnsafeBufferPointer { pixels in
                LinearLight.fromSRGB.withUnsafeBufferPointer { toLinear in
                    for row in 0..<rows {
                        for column in 0..<columns {
                            let across = geometry.across[column], down = geometry.down[row]
                            let samples = MosaicCellBuilder.samples(
                                pixels, width: width, across: across, down: down, columns: 2, rows: symbols.rows,
                                toLinear: toLinear, sums: &scratch)
                            var expected = MosaicLanes()
                            for (index, sample) in samples.enumerated() {
                                expected.set(index, sample.over(r: 0, g: 0, b: 0), space: space)
                            }
                            let direct = MosaicCellBuilder.opaqueSubcells(
                                pixels, width: width, across: across, down: down, rows: symbols.rows,
                                toLinear: toLinear, space: space, background: (0, 0, 0))
                            let fields = [
                                (direct.r, expected.r), (direct.g, expected.g), (direct.b, expected.b),
                                (direct.luma, expected.luma), (direct.squares, expected.squares),
                                (direct.count, expected.count),
                            ]
                            if fields.contains(where: { $0.0 != $0.1 }) { mismatches += 1 }
                            cells.append(builder.cell(samples, x: column * 2, y: row * symbols.rows))
                        }
                    }
                }
            }
            #expect(mismatches == 0, "\(width)x\(height) at \(columns)x\(rows)")
            // The grid as playing builds it (the direct path) has the cells of the samples.
            let built = builder.build(
                canvas, geometry: geometry, originRow: 0, originColumn: 0)
            #expect(built.grid.cells == cells, "\(width)x\(height) at \(columns)x\(rows)")
        }
    }

    /// With the eighth blocks, an edge at any eighth of a cell, across or down, comes back
    /// exactly in every set (as the eighth block, or a mosaic character drawing the same).
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func edgesAtEveryEighthComeBackExactly(symbols: MosaicSymbols) {
        var base = CellGridBuilder(mode: .truecolor)
        base.eighths = true
        let builder = MosaicCellBuilder(symbols: symbols, base: base)
        let left = RGBA(r: 240, g: 200, b: 20), right = RGBA(r: 20, g: 40, b: 160)
        for eighths in 1...7 {
            for across in [true, false] {
                let samples = (0..<64).map { index in
                    across ? (index % 8 < eighths ? left : right) : (index / 8 >= 8 - eighths ? left : right)
                }
                let cell = builder.cell(grid: samples, x: 0, y: 0)
                #expect(Self.error(Self.shown(cell, symbols: symbols), samples) < 1e-9, "\(eighths) \(across): \(cell)")
            }
        }
    }

    /// With the eighth blocks, the chosen cell's error is the least of every sub-cell pattern's
    /// and every eighth block's, each with its groups' means, by brute force in double precision
    /// over the 64 samples (a sample that two sextant rows share counts in each by its share),
    /// on random cells of two or three colours with edges anywhere.
    @Test(arguments: [
        (MosaicSymbols.quadrant, false), (.sextant, false), (.octant, false), (.sextant, true), (.octant, true),
    ])
    func theChosenCellHasTheLeastErrorWithEighths(symbols: MosaicSymbols, wedges: Bool) {
        var random = SplitMix64(seed: 19)
        var base = CellGridBuilder(mode: .truecolor)
        base.eighths = true
        base.wedges = wedges
        var builder = MosaicCellBuilder(symbols: symbols, base: base)
        builder.movesLight = false
        func colour() -> RGBA {
            RGBA(r: UInt8(random.next() % 256), g: UInt8(random.next() % 256), b: UInt8(random.next() % 256))
        }
        let count = symbols.columns * symbols.rows
        // Each candidate: its character (nil: one colour) and each sample's share in the foreground.
        var candidates: [(Unicode.Scalar?, [Double])] = [(nil, Array(repeating: 0, count: 64))]
        for mask in 1..<(1 << count) {
            let shares = (0..<64).map { index in
                let (x, y) = (index % 8, index / 8)
                return (0..<symbols.rows).reduce(0.0) { total, row in
                    guard mask & 1 << (row * 2 + x / 4) != 0 else { return total }
                    let top = Double(row * 8) / Double(symbols.rows)
                    let bottom = Double((row + 1) * 8) / Double(symbols.rows)
                    return total + max(0, min(bottom, Double(y + 1)) - max(top, Double(y)))
                }
            }
            candidates.append((MosaicGlyphs.scalar(mask: mask, count: count), shares))
        }
        for eighths in 1...7 {
            candidates.append((MosaicGlyphs.leftEighths(eighths), (0..<64).map { $0 % 8 < eighths ? 1 : 0 }))
            candidates.append((MosaicGlyphs.lowerEighths(eighths), (0..<64).map { $0 / 8 >= 8 - eighths ? 1 : 0 }))
        }
        if wedges {
            for wedge in MosaicWedge.all {
                candidates.append((wedge.scalar, Self.coverage(.mosaic(wedge.scalar), symbols: symbols)))
            }
        }
        func error(_ shares: [Double], _ samples: [RGBA]) -> Double {
            var total = 0.0
            for group in [shares, shares.map { 1 - $0 }] {
                let weight = group.reduce(0, +)
                guard weight > 1e-9 else { continue }
                func mean(_ channel: (RGBA) -> UInt8) -> Int {
                    let sum = zip(samples, group).reduce(0.0) { $0 + Self.linear(Int(channel($1.0))) * $1.1 }
                    return Int(LinearLight.toSRGB(Float(sum / weight)))
                }
                let shown = (mean(\.r), mean(\.g), mean(\.b))
                for (sample, share) in zip(samples, group) where share > 0 {
                    total += share * Self.error([shown], [sample])
                }
            }
            return total
        }
        // Each partition once (the last sub-cell in the background), as tview tries them.
        let tried = candidates.enumerated().filter { index, _ in index >= 1 << count || index < 1 << (count - 1) }
            .map(\.element)
        var eighthsChosen = 0, wedgesChosen = 0
        var chosenTotal = 0.0, bestTotal = 0.0
        for round in 0..<150 {
            let (a, b, c) = (colour(), colour(), colour())
            let (edgeX, edgeY) = (Int(random.next() % 9), Int(random.next() % 9))
            // Every other cell with a slanted edge: a line through two points on its border.
            let (top, bottom) = (Double(random.next() % 17) / 2, Double(random.next() % 17) / 2)
            let samples = (0..<64).map { index in
                let (x, y) = (Double(index % 8) + 0.5, Double(index / 8) + 0.5)
                if round % 2 == 1 { return x < top + (bottom - top) * y / 8 ? a : (y < Double(edgeY) ? b : c) }
                return index % 8 < edgeX ? a : (index / 8 < edgeY ? b : c)
            }
            let cell = builder.cell(grid: samples, x: 0, y: 0)
            let errors = candidates.map { error($0.1, samples) }
            let scalar: Unicode.Scalar? = if case .mosaic(let scalar) = cell.glyph { scalar } else { nil }
            let chosen = zip(candidates, errors).filter { $0.0.0 == scalar }.map(\.1).min()
            #expect(chosen != nil, "\(cell.glyph) is no candidate")
            let expected = Self.expectedError(tried.map { ($0.1, error($0.1, samples)) }, samples)
            // 8-bit rounding of the means on both sides: a hair of slack.
            #expect(
                abs((chosen ?? .infinity) - expected) <= 1e-4, "\(cell.glyph): \(chosen ?? -1), expected \(expected)")
            chosenTotal += chosen ?? 0
            bestTotal += errors.min()!
            if let scalar, (0x2581...0x258F).contains(scalar.value) { eighthsChosen += 1 }
            if let scalar, (0x1FB3C...0x1FB51).contains(scalar.value) { wedgesChosen += 1 }
        }
        #expect(chosenTotal <= bestTotal * 1.03, "chosen \(chosenTotal), best \(bestTotal)")
        #expect(eighthsChosen > 10, "eighth blocks chosen \(eighthsChosen) times")
        #expect(wedges ? wedgesChosen > 10 : wedgesChosen == 0, "wedges chosen \(wedgesChosen) times")
    }

    /// A cell whose canvas pixels are all one colour is drawn without the search (`flatCell`),
    /// as the very cell the search chooses: the same grid with and without the shortcut, for
    /// every set, with and without eighth blocks and wedges, in every colour mode (dithered
    /// too), enlarged, reduced and at 4x8 pixels a cell (`opaquePixelRegions`). The canvases are
    /// blocks of one colour (every grey and random colours), so most cells are flat and the rest
    /// mix two to four colours.
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func flatCellsAreTheCellsTheSearchChooses(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 47)
        let modes: [(ColorMode, Bool)] = [
            (.truecolor, false), (.palette256, false), (.palette256, true), (.palette16, true), (.palette8, false),
        ]
        for (width, height, columns, rows, block) in [
            (480, 270, 160, 48, 9), (96, 60, 40, 12, 12), (40, 24, 60, 20, 4), (96, 48, 24, 6, 12),
        ] {
            var canvas = RGBAImage(width: width, height: height)
            var grey = 0
            for blockTop in stride(from: 0, to: height, by: block) {
                for blockLeft in stride(from: 0, to: width, by: block) {
                    let colour =
                        grey < 256
                        ? RGBA(r: UInt8(grey), g: UInt8(grey), b: UInt8(grey))
                        : RGBA(
                            r: UInt8(random.next() % 256), g: UInt8(random.next() % 256), b: UInt8(random.next() % 256))
                    grey += 1
                    for y in blockTop..<min(height, blockTop + block) {
                        for x in blockLeft..<min(width, blockLeft + block) { canvas.pixels[y * width + x] = colour }
                    }
                }
            }
            let geometry = MosaicGeometry(
                sourceWidth: width, sourceHeight: height, columns: columns, rows: rows, subcellRows: symbols.rows)
            let flat = (0..<rows).reduce(0) { count, row in
                count
                    + (0..<columns).filter { column in
                        let first = canvas.pixels[
                            geometry.down[row][0].index * width + geometry.across[column][0].index]
                        return geometry.down[row].allSatisfy { down in
                            geometry.across[column].allSatisfy { canvas.pixels[down.index * width + $0.index] == first }
                        }
                    }.count
            }
            #expect(flat > columns * rows / 3 && flat < columns * rows, "\(width)x\(height): \(flat) flat cells")
            for (mode, dither) in modes {
                for (eighths, wedges) in [(false, false), (true, false), (true, true)]
                where !wedges || symbols != .quadrant {
                    var base = CellGridBuilder(mode: mode, dither: dither)
                    base.eighths = eighths
                    base.wedges = wedges
                    var searched = MosaicCellBuilder(symbols: symbols, base: base)
                    searched.takesFlatCells = false
                    let shortcut = MosaicCellBuilder(symbols: symbols, base: base)
                    let expected = searched.build(canvas, geometry: geometry, originRow: 0, originColumn: 0).grid
                    let found = shortcut.build(canvas, geometry: geometry, originRow: 0, originColumn: 0).grid
                    let differing = zip(expected.cells, found.cells).filter { $0 != $1 }
                    #expect(
                        differing.isEmpty,
                        "\(width)x\(height) \(mode) dither \(dither) eighths \(eighths) wedges \(wedges): \(differing.count) cells differ, first \(String(describing: differing.first))"
                    )
                }
            }
        }
    }
}
