import Decode
import Foundation
@testable import Picture
import TestSupport
import Testing

/// The chosen partition's light, moved (`MosaicCellBuilder.movedLight`): the darker group may
/// show its mean in the pattern space, or over a near-black floor the floor itself, and the
/// lighter one the rest of the cell's light. The pattern is the same, the error never larger
/// (but for the floor), the cell's light the same.
@Suite struct MosaicMovedLightTests {
    static func builder(_ symbols: MosaicSymbols, movesLight: Bool, mode: ColorMode = .truecolor) -> MosaicCellBuilder {
        var base = CellGridBuilder(mode: mode)
        base.eighths = true
        var builder = MosaicCellBuilder(symbols: symbols, base: base)
        builder.movesLight = movesLight
        return builder
    }

    /// Σ over the samples of what they are, and of what the cell shows over them, in linear
    /// light (red, green, blue).
    static func light(of samples: [RGBA]) -> [Double] {
        [\RGBA.r, \.g, \.b].map { channel in
            samples.reduce(0) { $0 + MosaicCellBuilderTests.linear(Int($1[keyPath: channel])) }
        }
    }

    /// What `cell` shows, summed the same way: a sample partly covered by the glyph (a
    /// sextant's rows end inside samples) gives each colour's light by its share.
    static func light(of cell: Cell, symbols: MosaicSymbols) -> [Double] {
        let foreground = MosaicCellBuilderTests.rgb(cell.foreground) ?? (0, 0, 0)
        let background = MosaicCellBuilderTests.rgb(cell.background) ?? (0, 0, 0)
        let cover = MosaicCellBuilderTests.coverage(cell.glyph, symbols: symbols)
        return [\(Int, Int, Int).0, \.1, \.2].map { channel in
            let (f, b) = (
                MosaicCellBuilderTests.linear(foreground[keyPath: channel]),
                MosaicCellBuilderTests.linear(background[keyPath: channel])
            )
            return cover.reduce(0) { $0 + $1 * f + (1 - $1) * b }
        }
    }

    /// A star in the top right sub-cells of a black cell, its dimmer edge in the row below: the
    /// partition is the same with or without moving, the black around it shows darker than its
    /// mean light (which lifts the whole cell), the error is smaller, and the light is the same
    /// to a step.
    @Test func aStarsSpillDoesNotLightTheCell() {
        let star = RGBA(r: 230, g: 230, b: 230), edge = RGBA(r: 120, g: 120, b: 120), black = RGBA(r: 0, g: 0, b: 0)
        let samples = (0..<64).map { index in
            let (x, y) = (index % 8, index / 8)
            guard (5...7).contains(x) else { return black }
            return (1...3).contains(y) ? star : y == 4 ? edge : black
        }
        let plain = Self.builder(.octant, movesLight: false).cell(grid: samples, x: 0, y: 0)
        let moved = Self.builder(.octant, movesLight: true).cell(grid: samples, x: 0, y: 0)
        #expect(plain.glyph == moved.glyph)
        let plainShown = MosaicCellBuilderTests.shown(plain, symbols: .octant)
        let movedShown = MosaicCellBuilderTests.shown(moved, symbols: .octant)
        let darkest = { (shown: [(Int, Int, Int)?]) in shown.compactMap { $0?.0 }.min()! }
        #expect(darkest(movedShown) < darkest(plainShown), "\(plain) → \(moved)")
        // Most of the black is black: it shows black, not a glow of the edge's light.
        #expect(darkest(movedShown) == 0, "\(moved)")
        #expect(
            MosaicCellBuilderTests.error(movedShown, samples) < MosaicCellBuilderTests.error(plainShown, samples))
        let kept = Self.light(of: samples), shown = Self.light(of: moved, symbols: .octant)
        for channel in 0..<3 { #expect(abs(kept[channel] - shown[channel]) < 0.05, "\(kept) \(shown)") }
    }

    /// The same without eighth blocks (the sub-cells are the samples): a star in one quadrant,
    /// its dim edge in the next, black elsewhere. The edge's light goes to the star; the rest
    /// shows black.
    @Test func aStarsSpillOverSubcellsShowsBlack() {
        var base = CellGridBuilder(mode: .truecolor)
        base.eighths = false
        let builder = MosaicCellBuilder(symbols: .quadrant, base: base)
        let star = RGBA(r: 230, g: 230, b: 230), edge = RGBA(r: 60, g: 60, b: 60), black = RGBA(r: 0, g: 0, b: 0)
        let cell = builder.cell([star, edge, black, black], x: 0, y: 0)
        let colours = [cell.foreground, cell.background].compactMap(MosaicCellBuilderTests.rgb)
        #expect(colours.contains { $0 == (0, 0, 0) }, "\(cell)")
        // One sub-cell lit, carrying the star's light and the edge's.
        let kept = MosaicCellBuilderTests.linear(230) + MosaicCellBuilderTests.linear(60)
        let shown = colours.map { MosaicCellBuilderTests.linear($0.0) }.max()!
        #expect(abs(kept - shown) < 0.005, "\(kept) \(shown)")
    }

    /// Random cells with a little of a second and third colour (edges anywhere, slanted too):
    /// the same character as without moving, never more error, and in truecolor the cell's
    /// light as close as the plain means keep it (8-bit colours: half a step a sample at most;
    /// in 256 colours the palette moves it as it does any colour).
    @Test(arguments: [
        (MosaicSymbols.quadrant, ColorMode.truecolor), (.sextant, .truecolor), (.octant, .truecolor),
        (.sextant, .palette256),
    ])
    func theSamePatternNoMoreErrorTheSameLight(symbols: MosaicSymbols, mode: ColorMode) {
        var random = SplitMix64(seed: 29)
        let plain = Self.builder(symbols, movesLight: false, mode: mode)
        let moving = Self.builder(symbols, movesLight: true, mode: mode)
        let chroma = mode == .truecolor ? 0.316 : 1
        var movedCells = 0, flooredCells = 0
        for _ in 0..<300 {
            func colour(_ range: ClosedRange<UInt64>) -> RGBA {
                RGBA(
                    r: UInt8(range.lowerBound + random.next() % (range.upperBound - range.lowerBound + 1)),
                    g: UInt8(range.lowerBound + random.next() % (range.upperBound - range.lowerBound + 1)),
                    b: UInt8(range.lowerBound + random.next() % (range.upperBound - range.lowerBound + 1)))
            }
            let (dark, light, spot) = (colour(0...60), colour(120...255), colour(0...255))
            let (edge, spotX, spotY) = (Double(random.next() % 17) / 2, Int(random.next() % 8), Int(random.next() % 8))
            let slope = Double(Int(random.next() % 9) - 4) / 4
            let samples = (0..<64).map { index in
                let (x, y) = (index % 8, index / 8)
                if abs(x - spotX) <= 1 && abs(y - spotY) <= 1 { return spot }
                return Double(x) + 0.5 < edge + slope * (Double(y) - 3.5) ? light : dark
            }
            let before = plain.cell(grid: samples, x: 0, y: 0), after = moving.cell(grid: samples, x: 0, y: 0)
            let beforeShown = MosaicCellBuilderTests.shown(before, symbols: symbols)
            let afterShown = MosaicCellBuilderTests.shown(after, symbols: symbols)
            let beforeError = MosaicCellBuilderTests.error(beforeShown, samples, chroma: chroma)
            let afterError = MosaicCellBuilderTests.error(afterShown, samples, chroma: chroma)
            // Over a near-black floor, with most of the darker group at it, that group shows
            // the floor whatever the error (the glow the error misses); elsewhere never more
            // error.
            let floor = (samples.map(\.r).min()!, samples.map(\.g).min()!, samples.map(\.b).min()!)
            let darker = [after.foreground, after.background].compactMap(MosaicCellBuilderTests.rgb).min {
                $0.0 + $0.1 + $0.2 < $1.0 + $1.1 + $1.2
            }
            let floorShown = MosaicCellBuilderTests.rgb(
                plain.base.color(RGBA(r: floor.0, g: floor.1, b: floor.2), x: 0, y: 0))!
            let floored = max(floor.0, floor.1, floor.2) <= 24 && darker.map { $0 == floorShown } == true
            if floored { flooredCells += 1 }
            #expect(floored || afterError <= beforeError + 1e-6, "\(before) → \(after)")
            guard before != after else { continue }
            movedCells += 1
            #expect(before.glyph == after.glyph || before.foreground == before.background, "\(before) → \(after)")
            guard mode == .truecolor else { continue }
            let kept = Self.light(of: samples), shown = Self.light(of: after, symbols: symbols)
            for channel in 0..<3 {
                // Each colour within half an 8-bit step of what keeps the light (≤ 0.0044 in
                // linear light a sample, near white).
                #expect(abs(kept[channel] - shown[channel]) <= 64 * 0.0044, "\(kept) \(shown): \(after)")
            }
        }
        #expect(movedCells > (mode == .truecolor ? 30 : 5), "light moved in \(movedCells) of 300 cells")
        #expect(flooredCells > 10, "the floor shown in \(flooredCells) of 300 cells")
    }
}
