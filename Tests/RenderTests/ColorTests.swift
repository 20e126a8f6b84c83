import Decode
import Picture
import Terminal
import Testing

@Suite struct ColorTests {
    @Test func nearest256FindsCubeAndGreys() {
        #expect(XtermPalette.nearest256(255, 0, 0) == 196)
        #expect(XtermPalette.nearest256(0, 0, 0) == 16)
        #expect(XtermPalette.nearest256(255, 255, 255) == 231)
        #expect(XtermPalette.nearest256(128, 128, 128) == 244)  // grey ramp 128 beats cube 135
        #expect(XtermPalette.nearest256(95, 135, 175) == 67)
        for index in 16...255 {
            let (r, g, b) = XtermPalette.rgb(UInt8(index))
            let found = XtermPalette.rgb(XtermPalette.nearest256(Int(r), Int(g), Int(b)))
            #expect(
                found == (r, g, b)
                    || XtermPalette.distance(Int(r), Int(g), Int(b), Int(found.0), Int(found.1), Int(found.2)) == 0,
                "palette colour \(index) maps to itself")
        }
    }

    @Test func nearestSystemColours() {
        #expect(XtermPalette.nearestSystem(250, 10, 10, count: 16) == 9)
        #expect(XtermPalette.nearestSystem(250, 10, 10, count: 8) == 1)
        #expect(XtermPalette.nearestSystem(20, 20, 20, count: 16) == 0)
        #expect(XtermPalette.nearestSystem(240, 240, 240, count: 8) == 7)
    }

    @Test func aColourCountGivesTheMostColoursItTakes() {
        #expect(ColorMode(colorCount: 1 << 24) == .truecolor)
        #expect(ColorMode(colorCount: 256) == .palette256)
        #expect(ColorMode(colorCount: 88) == .palette16)
        #expect(ColorMode(colorCount: 16) == .palette16)
        #expect(ColorMode(colorCount: 8) == .palette8)
        #expect(ColorMode(colorCount: 2) == .mono)
        #expect(ColorMode(colorCount: -1) == .mono)
    }

    @Test func cellsFromPixels() {
        var picture = RGBAImage(width: 3, height: 3)
        picture[0, 0] = RGBA(r: 255, g: 0, b: 0)
        picture[0, 1] = RGBA(r: 0, g: 0, b: 255)
        picture[1, 1] = RGBA(r: 0, g: 255, b: 0)  // top transparent, bottom green
        picture[2, 0] = RGBA(r: 255, g: 255, b: 255, a: 128)  // half white over black
        picture[2, 1] = RGBA(r: 255, g: 255, b: 255, a: 128)
        let grid = CellGridBuilder(mode: .truecolor).build(picture)
        #expect(grid.rows == 2 && grid.columns == 3)
        #expect(grid[0, 0] == Cell(glyph: .upperHalf, foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
        #expect(grid[0, 1] == Cell(glyph: .lowerHalf, foreground: .rgb(0, 255, 0), background: .default))
        #expect(grid[0, 2] == Cell(glyph: .space, foreground: .default, background: .rgb(128, 128, 128)))
        #expect(grid[1, 0] == .blank)  // odd height: the last row's bottom half is empty
        let light = CellGridBuilder(mode: .truecolor, background: (255, 255, 255)).build(picture)
        #expect(light[0, 2].background == .rgb(255, 255, 255))
        let indexed = CellGridBuilder(mode: .palette256).build(picture)
        #expect(indexed[0, 0] == Cell(glyph: .upperHalf, foreground: .indexed(196), background: .indexed(21)))
        let mono = CellGridBuilder(mode: .mono).build(picture)
        #expect(mono[0, 0] == .blank)  // red over blue: both darker than mid-grey
        #expect(mono[0, 1].glyph == .lowerHalf)  // green is bright
        #expect(mono[0, 2].glyph == .fullBlock)  // mid-grey counts as lit
    }

    @Test func ditherSpreadsAcrossNeighbours() {
        var picture = RGBAImage(width: 8, height: 8, fill: RGBA(r: 100, g: 100, b: 100))
        picture[0, 0] = RGBA(r: 100, g: 100, b: 100)
        let plain = Set(CellGridBuilder(mode: .palette8).build(picture).cells)
        let dithered = Set(CellGridBuilder(mode: .palette8, dither: true).build(picture).cells)
        #expect(plain.count == 1)
        #expect(dithered.count > 1)
    }
}
