public import Decode

/// Cells of 2x2 (quadrant), 2x3 (sextant) or 2x4 (octant) sub-cells: each cell is drawn as the
/// two-colour pattern that is closest to its sub-cells, found by trying every partition of them
/// into a foreground and a background group (8, 32 or 128, up to swapping the two).
/// A partition's best colours are the means of its groups, so the chosen cell has the least
/// error the symbol set allows, by construction.
///
/// The error is the squared distance in linear RGB, the space the downsampler averages in: the
/// mean of a group is then both the colour the eye integrates over the cell and the least-error
/// colour for it. In 256, 16 and 8 colours each partition is scored with the colours it will
/// really get (quantised), or the structure gained would be lost to the palette. Ties go to the
/// first partition in a fixed order, so an unchanged region gives the same cells and no bytes.
public struct MosaicCellBuilder: Sendable {
    public var symbols: MosaicSymbols
    public var base: CellGridBuilder

    public init(symbols: MosaicSymbols, base: CellGridBuilder) {
        precondition(symbols != .half, "half blocks are CellGridBuilder's")
        self.symbols = symbols
        self.base = base
    }

    /// `picture` has `symbols.columns` × `symbols.rows` sub-cells per cell.
    public func build(_ picture: RGBAImage, originRow: Int = 0, originColumn: Int = 0) -> CellGrid {
        let across = symbols.columns, down = symbols.rows
        var grid = CellGrid(
            rows: (picture.height + down - 1) / down, columns: (picture.width + across - 1) / across,
            originRow: originRow, originColumn: originColumn)
        var subcells = [RGBA](repeating: .transparent, count: across * down)
        picture.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<grid.rows {
                for column in 0..<grid.columns {
                    for dy in 0..<down {
                        for dx in 0..<across {
                            let x = column * across + dx, y = row * down + dy
                            subcells[dy * across + dx] =
                                x < picture.width && y < picture.height ? pixels[y * picture.width + x] : .transparent
                        }
                    }
                    grid.cells[row * grid.columns + column] = cell(subcells, x: column * across, y: row * down)
                }
            }
        }
        return grid
    }

    /// The least-error cell for the sub-cells (row by row); (x, y) is the first sub-cell's place,
    /// for dithering.
    func cell(_ subcells: [RGBA], x: Int, y: Int) -> Cell {
        let count = subcells.count
        var opaque = 0
        for (index, pixel) in subcells.enumerated() where pixel.a > CellGridBuilder.transparentAlpha {
            opaque |= 1 << index
        }
        if base.mode == .mono {
            var lit = 0
            for (index, pixel) in subcells.enumerated() where base.isLit(pixel, x: x + index % 2, y: y + index / 2) {
                lit |= 1 << index
            }
            // The pattern alone: lit sub-cells in the terminal's foreground.
            if lit == 0 { return .blank }
            if lit == (1 << count) - 1 { return Cell(glyph: .fullBlock, foreground: .default, background: .default) }
            let scalar = MosaicGlyphs.scalar(mask: lit, count: count)!
            return Cell(glyph: .mosaic(scalar), foreground: .default, background: .default)
        }
        guard opaque != 0 else { return .blank }
        // Linear RGB of each sub-cell, over the background where partly transparent.
        var linear = [(Float, Float, Float)](repeating: (0, 0, 0), count: count)
        for (index, pixel) in subcells.enumerated() where opaque & 1 << index != 0 {
            let shown = pixel.over(r: base.background.r, g: base.background.g, b: base.background.b)
            linear[index] = (
                LinearLight.fromSRGB[Int(shown.r)], LinearLight.fromSRGB[Int(shown.g)],
                LinearLight.fromSRGB[Int(shown.b)]
            )
        }
        let full = (1 << count) - 1
        // Transparent sub-cells show the terminal's own background: they are the background
        // group, the rest one colour over them.
        if opaque != full {
            let colour = mean(linear, mask: opaque)
            return Self.cell(
                mask: opaque, foreground: base.color(colour, x: x, y: y), background: .default, count: count)
        }
        var best = (mask: 0, error: Float.infinity, foreground: TermColor.default, background: TermColor.default)
        // Masks with the last sub-cell in the background: each partition once (0: one colour).
        for mask in 0..<(1 << (count - 1)) {
            let background = mean(linear, mask: full & ~mask)
            let backgroundColor = base.color(background, x: x, y: y)
            var foregroundColor = backgroundColor
            var error = error(linear, mask: full & ~mask, shown: shownLinear(backgroundColor, exact: background))
            if mask != 0 {
                let foreground = mean(linear, mask: mask)
                foregroundColor = base.color(foreground, x: x, y: y)
                error += self.error(linear, mask: mask, shown: shownLinear(foregroundColor, exact: foreground))
            }
            if error < best.error { best = (mask, error, foregroundColor, backgroundColor) }
        }
        return Self.cell(mask: best.mask, foreground: best.foreground, background: best.background, count: count)
    }

    /// The mean of the sub-cells in `mask`, as 8-bit sRGB.
    private func mean(_ linear: [(Float, Float, Float)], mask: Int) -> RGBA {
        var sum: (Float, Float, Float) = (0, 0, 0)
        var n: Float = 0
        for (index, value) in linear.enumerated() where mask & 1 << index != 0 {
            sum.0 += value.0
            sum.1 += value.1
            sum.2 += value.2
            n += 1
        }
        guard n > 0 else { return RGBA(r: 0, g: 0, b: 0) }
        return RGBA(
            r: LinearLight.toSRGB(sum.0 / n), g: LinearLight.toSRGB(sum.1 / n), b: LinearLight.toSRGB(sum.2 / n))
    }

    /// What a terminal colour shows, in linear RGB (`exact`: the colour asked for, in truecolor).
    private func shownLinear(_ color: TermColor, exact: RGBA) -> (Float, Float, Float) {
        let rgb: (UInt8, UInt8, UInt8)
        switch color {
        case .rgb(let r, let g, let b): rgb = (r, g, b)
        case .indexed(let index): rgb = XtermPalette.rgb(index)
        case .default: rgb = (exact.r, exact.g, exact.b)
        }
        return (LinearLight.fromSRGB[Int(rgb.0)], LinearLight.fromSRGB[Int(rgb.1)], LinearLight.fromSRGB[Int(rgb.2)])
    }

    private func error(_ linear: [(Float, Float, Float)], mask: Int, shown: (Float, Float, Float)) -> Float {
        var total: Float = 0
        for (index, value) in linear.enumerated() where mask & 1 << index != 0 {
            let dr = value.0 - shown.0, dg = value.1 - shown.1, db = value.2 - shown.2
            total += dr * dr + dg * dg + db * db
        }
        return total
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
