import Decode
import Foundation
@testable import Picture
import Testing

/// The wedges (U+1FB3C–U+1FB51): each one's sample runs are the shape its Unicode name gives,
/// every wedge comes back exactly, and they are used only when asked for, with sextants or
/// octants.
@Suite struct MosaicWedgeTests {
    /// The name's geometry: "LOWER LEFT BLOCK DIAGONAL UPPER MIDDLE LEFT TO LOWER CENTRE" fills
    /// the cell on the lower left corner's side of the line between two points of the sextant
    /// grid. nil for a name of another form.
    static func inside(_ scalar: Unicode.Scalar) -> ((Double, Double) -> Bool)? {
        guard let name = scalar.properties.name, let diagonal = name.range(of: " BLOCK DIAGONAL ") else { return nil }
        let corner = name[..<diagonal.lowerBound].split(separator: " ")
        let ends = name[diagonal.upperBound...].components(separatedBy: " TO ")
        let points: [String: (Double, Double)] = [
            "UPPER LEFT": (0, 0), "UPPER CENTRE": (0.5, 0), "UPPER RIGHT": (1, 0), "UPPER MIDDLE LEFT": (0, 1.0 / 3),
            "UPPER MIDDLE RIGHT": (1, 1.0 / 3), "LOWER MIDDLE LEFT": (0, 2.0 / 3), "LOWER MIDDLE RIGHT": (1, 2.0 / 3),
            "LOWER LEFT": (0, 1), "LOWER CENTRE": (0.5, 1), "LOWER RIGHT": (1, 1),
        ]
        guard corner.count == 2, ends.count == 2, let a = points[ends[0]], let b = points[ends[1]] else { return nil }
        func side(_ u: Double, _ v: Double) -> Double { (b.0 - a.0) * (v - a.1) - (b.1 - a.1) * (u - a.0) }
        let sign = side(corner[1] == "LEFT" ? 0 : 1, corner[0] == "UPPER" ? 0 : 1)
        return { u, v in side(u, v) * sign > 0 }
    }

    /// In each sample row the run covers the samples the shape covers most, and as many as
    /// the shape's area in the row to within three quarters of a sample (the run is the length
    /// across the row's middle, rounded; where the line meets a side inside a row, the area
    /// is a little off that) (measured on a 32x32 grid a sample).
    @Test func theRunsAreTheNamedShapes() throws {
        #expect(MosaicWedge.all.map(\.scalar.value) == Array(0x1FB3C...0x1FB51))
        for wedge in MosaicWedge.all {
            let inside = try #require(Self.inside(wedge.scalar), "\(wedge.scalar.properties.name ?? "?")")
            for y in 0..<8 {
                let covered = (0..<8).map { x in
                    (0..<1024).filter { step in
                        inside(
                            (Double(x) + (Double(step % 32) + 0.5) / 32) / 8,
                            (Double(y) + (Double(step / 32) + 0.5) / 32) / 8)
                    }.count
                }
                let area = Double(covered.reduce(0, +)) / 1024
                let run = wedge.runs[y]
                #expect(abs(Double(run) - area) <= 0.75, "\(wedge.scalar) row \(y): run \(run), area \(area)")
                let inRun = (0..<8).filter { wedge.fromRight ? $0 >= 8 - run : $0 < run }
                let outside = (0..<8).filter { !inRun.contains($0) }
                #expect(
                    (inRun.map { covered[$0] }.min() ?? 1024) >= (outside.map { covered[$0] }.max() ?? 0),
                    "\(wedge.scalar) row \(y): the run is not where the shape is")
            }
        }
    }

    static func builder(_ symbols: MosaicSymbols, wedges: Bool = true) -> MosaicCellBuilder {
        var base = CellGridBuilder(mode: .truecolor)
        base.eighths = true
        base.wedges = wedges
        return MosaicCellBuilder(symbols: symbols, base: base)
    }

    /// Two colours in exactly a wedge's shape: that wedge, in those colours.
    @Test(arguments: [MosaicSymbols.sextant, .octant])
    func everyWedgeComesBackExactly(symbols: MosaicSymbols) {
        let builder = Self.builder(symbols)
        let on = RGBA(r: 240, g: 200, b: 20), off = RGBA(r: 20, g: 40, b: 160)
        for wedge in MosaicWedge.all {
            let samples = (0..<64).map { index in
                let (x, y) = (index % 8, index / 8)
                return (wedge.fromRight ? x >= 8 - wedge.runs[y] : x < wedge.runs[y]) ? on : off
            }
            let cell = builder.cell(grid: samples, x: 0, y: 0)
            #expect(
                cell
                    == Cell(glyph: .mosaic(wedge.scalar), foreground: .rgb(240, 200, 20), background: .rgb(20, 40, 160))
            )
            let shown = MosaicCellBuilderTests.shown(cell, symbols: symbols)
            #expect(MosaicCellBuilderTests.error(shown, samples) < 1e-9, "\(wedge.scalar)")
        }
    }

    /// A shallow slanted edge (a wedge's own shape) is drawn by a wedge only when wedges are
    /// asked for, and never with quadrants (a terminal that draws wedges draws sextants).
    @Test func wedgesOnlyWhenAskedFor() {
        let wedge = MosaicWedge.all[1]
        let samples = (0..<64).map { index in
            index % 8 < wedge.runs[index / 8] ? RGBA(r: 255, g: 255, b: 255) : RGBA(r: 0, g: 0, b: 0)
        }
        func isWedge(_ cell: Cell) -> Bool {
            if case .mosaic(let scalar) = cell.glyph { return (0x1FB3C...0x1FB67).contains(scalar.value) }
            return false
        }
        #expect(isWedge(Self.builder(.sextant).cell(grid: samples, x: 0, y: 0)))
        #expect(isWedge(Self.builder(.octant).cell(grid: samples, x: 0, y: 0)))
        #expect(!isWedge(Self.builder(.octant, wedges: false).cell(grid: samples, x: 0, y: 0)))
        #expect(!isWedge(Self.builder(.quadrant).cell(grid: samples, x: 0, y: 0)))
    }
}
