import Decode
import Foundation
@testable import Picture
import TestSupport
import Testing

/// Quadrant, sextant and octant cells: every two-colour pattern comes back exactly, the chosen
/// cell is the least-error one (checked against an independent brute force), quantised
/// modes score with the colours they will get, and unchanged input gives the same cells.
@Suite struct MosaicCellBuilderTests {
    /// What a cell shows, sub-cell by sub-cell (row by row), as sRGB colours (nil: the terminal's
    /// own background).
    static func raster(_ cell: Cell, symbols: MosaicSymbols) -> [(Int, Int, Int)?] {
        let count = symbols.columns * symbols.rows
        func rgb(_ color: TermColor) -> (Int, Int, Int)? {
            switch color {
            case .default: return nil
            case .rgb(let r, let g, let b): return (Int(r), Int(g), Int(b))
            case .indexed(let index):
                let value = XtermPalette.rgb(index)
                return (Int(value.0), Int(value.1), Int(value.2))
            }
        }
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

    static func linear(_ value: Int) -> Double {
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Squared error in sRGB (0 to 1) between what a cell shows and the sub-cells it stands for.
    static func error(_ shown: [(Int, Int, Int)?], _ subcells: [RGBA]) -> Double {
        zip(shown, subcells).reduce(0) { total, pair in
            guard let shown = pair.0 else { return total + 99 }
            let a = pair.1
            let d = (Double(shown.0 - Int(a.r)), Double(shown.1 - Int(a.g)), Double(shown.2 - Int(a.b)))
            return total + (d.0 * d.0 + d.1 * d.1 + d.2 * d.2) / (255 * 255)
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

    /// The chosen cell is at least as close as any pattern with its groups' mean colours (means
    /// in linear light, errors in sRGB), found here by brute force in double precision
    /// (truecolor), on random cells.
    @Test(arguments: [MosaicSymbols.quadrant, .sextant, .octant])
    func theChosenCellHasTheLeastError(symbols: MosaicSymbols) {
        var random = SplitMix64(seed: 7)
        let builder = MosaicCellBuilder(symbols: symbols, base: CellGridBuilder(mode: .truecolor))
        let count = symbols.columns * symbols.rows
        for _ in 0..<300 {
            let subcells = (0..<count).map { _ in
                RGBA(r: UInt8(random.next() % 256), g: UInt8(random.next() % 256), b: UInt8(random.next() % 256))
            }
            let chosen = Self.error(Self.raster(builder.cell(subcells, x: 0, y: 0), symbols: symbols), subcells)
            var best = Double.infinity
            for mask in 0..<(1 << count) {
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
                best = min(best, Self.error(shown, subcells))
            }
            // 8-bit rounding of the means on both sides: a hair of slack.
            #expect(chosen <= best + 1e-4, "chosen \(chosen), best \(best)")
        }
    }

    /// In 256 colours each pattern is scored with its quantised colours: never worse than picking
    /// the truecolor pattern and quantising its colours afterwards.
    @Test func quantisedModesScoreWithTheirOwnColours() {
        var random = SplitMix64(seed: 11)
        let truecolor = MosaicCellBuilder(symbols: .sextant, base: CellGridBuilder(mode: .truecolor))
        let palette = MosaicCellBuilder(symbols: .sextant, base: CellGridBuilder(mode: .palette256))
        var better = 0
        for _ in 0..<300 {
            let subcells = (0..<6).map { _ in
                RGBA(r: UInt8(random.next() % 256), g: UInt8(random.next() % 256), b: UInt8(random.next() % 256))
            }
            let scored = Self.error(Self.raster(palette.cell(subcells, x: 0, y: 0), symbols: .sextant), subcells)
            let afterwards = Self.error(
                Self.raster(truecolor.cell(subcells, x: 0, y: 0).inPalette256, symbols: .sextant), subcells)
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
}
