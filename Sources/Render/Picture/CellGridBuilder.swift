public import Decode

/// Turns a picture of half-block pixels (already at display size) into cells: pixel rows 2k and
/// 2k+1 become cell row k. A fully transparent pixel shows the terminal's own background; partial
/// alpha is blended over `background`; colours are then fitted to the colour mode, with optional
/// ordered dithering.
public struct CellGridBuilder: Sendable {
    public var mode: ColorMode
    /// What partial transparency is blended over.
    public var background: (r: UInt8, g: UInt8, b: UInt8)
    public var dither: Bool
    /// Half blocks (two pixels a cell, this type's own `build`), or quadrants or sextants
    /// (`MosaicCellBuilder`; `GridRenderer` scales to their sub-cells).
    public var symbols: MosaicSymbols = .half
    /// With a mosaic set, the eighth blocks too (▁…▇, ▏…▉: in every font that has quadrants).
    public var eighths = false
    /// With the eighth blocks of sextants or octants, the smooth-mosaic wedges too (U+1FB3C–
    /// U+1FB51: slanted edges), for terminals that draw them.
    public var wedges = false

    /// The wedges are candidates: asked for, with the eighth blocks, in sextants or octants (a
    /// terminal that draws wedges draws sextants; quadrant fonts rarely have them).
    public var usesWedges: Bool { wedges && eighths && symbols >= .sextant }

    /// Alpha at or below this counts as fully transparent (averaging leaves a little at edges).
    static let transparentAlpha: UInt8 = 2

    public init(mode: ColorMode, background: (r: UInt8, g: UInt8, b: UInt8) = (0, 0, 0), dither: Bool = false) {
        self.mode = mode
        self.background = background
        self.dither = dither
    }

    public func build(_ picture: RGBAImage, originRow: Int = 0, originColumn: Int = 0) -> CellGrid {
        var grid = CellGrid(
            rows: (picture.height + 1) / 2, columns: picture.width, originRow: originRow, originColumn: originColumn)
        picture.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<grid.rows {
                let top = 2 * row
                let bottom = top + 1
                for column in 0..<grid.columns {
                    let upper = pixels[top * picture.width + column]
                    let lower = bottom < picture.height ? pixels[bottom * picture.width + column] : .transparent
                    grid.cells[row * grid.columns + column] = cell(
                        upper, lower, x: column, topY: top)
                }
            }
        }
        return grid
    }

    @inline(__always)
    private func cell(_ upper: RGBA, _ lower: RGBA, x: Int, topY: Int) -> Cell {
        if mode == .mono {
            let on = (isLit(upper, x: x, y: topY), isLit(lower, x: x, y: topY + 1))
            switch on {
            case (true, true): return Cell(glyph: .fullBlock, foreground: .default, background: .default)
            case (true, false): return Cell(glyph: .upperHalf, foreground: .default, background: .default)
            case (false, true): return Cell(glyph: .lowerHalf, foreground: .default, background: .default)
            case (false, false): return .blank
            }
        }
        return .halves(top: color(upper, x: x, y: topY), bottom: color(lower, x: x, y: topY + 1))
    }

    /// The terminal colour for one pixel.
    @inline(__always)
    func color(_ pixel: RGBA, x: Int, y: Int) -> TermColor {
        guard pixel.a > Self.transparentAlpha else { return .default }
        var (r, g, b) = blended(pixel)
        switch mode {
        case .truecolor:
            return .rgb(UInt8(r), UInt8(g), UInt8(b))
        case .palette256:
            if dither { (r, g, b) = dithered(r, g, b, x: x, y: y, spread: 40) }
            return .indexed(XtermPalette.nearest256(r, g, b))
        case .palette16:
            if dither { (r, g, b) = dithered(r, g, b, x: x, y: y, spread: 96) }
            return .indexed(XtermPalette.nearestSystem(r, g, b, count: 16))
        case .palette8:
            if dither { (r, g, b) = dithered(r, g, b, x: x, y: y, spread: 128) }
            return .indexed(XtermPalette.nearestSystem(r, g, b, count: 8))
        case .mono:
            return .default
        }
    }

    func isLit(_ pixel: RGBA, x: Int, y: Int) -> Bool {
        guard pixel.a > Self.transparentAlpha else { return false }
        let (r, g, b) = blended(pixel)
        var luma = (r * 299 + g * 587 + b * 114) / 1000
        if dither { luma += Self.bayerOffset(x: x, y: y, spread: 255) }
        return luma >= 128
    }

    @inline(__always)
    private func blended(_ pixel: RGBA) -> (Int, Int, Int) {
        let shown = pixel.over(r: background.r, g: background.g, b: background.b)
        return (Int(shown.r), Int(shown.g), Int(shown.b))
    }

    private func dithered(_ r: Int, _ g: Int, _ b: Int, x: Int, y: Int, spread: Int) -> (Int, Int, Int) {
        let offset = Self.bayerOffset(x: x, y: y, spread: spread)
        return (min(255, max(0, r + offset)), min(255, max(0, g + offset)), min(255, max(0, b + offset)))
    }

    private static let bayer4: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// Ordered-dither offset in −spread/2 … +spread/2 for pixel (x, y).
    static func bayerOffset(x: Int, y: Int, spread: Int) -> Int {
        (bayer4[(y & 3) * 4 + (x & 3)] * 2 + 1 - 16) * spread / 32
    }
}
