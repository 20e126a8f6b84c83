import Picture
import TestSupport
import Testing

/// The frame cache keeps text frames packed (`PackedCellGrid`): what comes back must be the grid
/// that went in, cell for cell, or a cached loop would play other pictures.
@Suite struct PackedCellGridTests {
    /// Every kind of glyph and colour at the edges of its values, random cells between: the same
    /// grid back, placed where it was, in about half the memory.
    @Test func aGridComesBackAsItWent() {
        var random = SplitMix64(seed: 47)
        let glyphs: [Glyph] = [
            .space, .upperHalf, .lowerHalf, .fullBlock, .mosaic(" "), .mosaic("\u{2580}"), .mosaic("\u{1FB00}"),
            .mosaic("\u{1CD00}"), .mosaic("\u{10FFFF}"), .mosaic("\u{0}"),
        ]
        let colors: [TermColor] = [
            .default, .rgb(0, 0, 0), .rgb(255, 255, 255), .rgb(1, 2, 3), .indexed(0), .indexed(255), .indexed(16),
        ]
        var grid = CellGrid(rows: 47, columns: 160, originRow: 3, originColumn: 7)
        for index in grid.cells.indices {
            let value = random.next()
            let color = { (bits: UInt64) -> TermColor in
                bits % 3 == 0
                    ? colors[Int(bits / 3 % UInt64(colors.count))]
                    : .rgb(
                        UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits >> 16),
                        UInt8(truncatingIfNeeded: bits >> 24))
            }
            grid.cells[index] = Cell(
                glyph: glyphs[Int(value % UInt64(glyphs.count))], foreground: color(value >> 8),
                background: color(value >> 36))
        }
        let packed = PackedCellGrid(grid)
        #expect(packed.grid == grid)
        // 8 bytes a cell against 16, with the list of glyphs and a header beside.
        #expect(packed.memoryCost * 100 <= grid.memoryCost * 51)
    }

    /// A grid of more glyphs than the packing numbers (4096) is kept as it is, and still comes
    /// back whole.
    @Test func aGridOfTooManyGlyphsIsKeptWhole() {
        var grid = CellGrid(rows: 40, columns: 110)
        for index in grid.cells.indices {
            grid.cells[index] = Cell(
                glyph: .mosaic(Unicode.Scalar(0x4E00 + index)!), foreground: .rgb(UInt8(index % 256), 0, 0),
                background: .indexed(UInt8(index % 256)))
        }
        let packed = PackedCellGrid(grid)
        #expect(packed.grid == grid)
        #expect(packed.memoryCost >= grid.memoryCost)
    }
}
