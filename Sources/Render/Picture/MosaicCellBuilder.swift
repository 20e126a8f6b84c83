public import Decode

/// Cells of 2x2 (quadrant), 2x3 (sextant) or 2x4 (octant) sub-cells: each cell is drawn as the
/// two-colour pattern that is closest to its sub-cells, found by trying every partition of them
/// into a foreground and a background group (8, 32 or 128, up to swapping the two). A
/// partition's best colours are the means of its groups, so the chosen cell has the least error
/// the symbol set allows, by construction.
///
/// A group's colour is its mean in linear light (what the eye integrates over the cell, as the
/// downsampler averages); a partition's error is the squared distance between each sub-cell and
/// the colour shown over it in gamma-encoded sRGB, where equal steps look about equally large —
/// linear RGB weighs differences in dark colours far less than the eye does. Measured on five
/// pictures (bench/fidelity.md), against scoring in linear RGB: SSIM up by up to 0.007 and ΔE
/// down by up to 0.06 at 80x24; OKLab did about as well on SSIM at three cube roots a colour
/// tried. A group's error follows from its sums, without visiting its sub-cells again. In 256,
/// 16 and 8 colours each partition is scored with the colours it will really get (quantised), or
/// the structure gained would be lost to the palette. Ties go to the first partition in a fixed
/// order, so an unchanged region gives the same cells; `build(_:previous:)` does not even look
/// at cells whose sub-cells did not change.
public struct MosaicCellBuilder: Sendable {
    public var symbols: MosaicSymbols
    public var base: CellGridBuilder

    public init(symbols: MosaicSymbols, base: CellGridBuilder) {
        precondition(symbols != .half, "half blocks are CellGridBuilder's")
        self.symbols = symbols
        self.base = base
    }

    /// `picture` has `symbols.columns` × `symbols.rows` sub-cells per cell. With `previous` (the
    /// picture and grid of the frame before, at the same size and place), cells whose sub-cells
    /// are unchanged are taken from it.
    public func build(
        _ picture: RGBAImage, originRow: Int = 0, originColumn: Int = 0, previous: (RGBAImage, CellGrid)? = nil
    ) -> CellGrid {
        let across = symbols.columns, down = symbols.rows
        var grid = CellGrid(
            rows: (picture.height + down - 1) / down, columns: (picture.width + across - 1) / across,
            originRow: originRow, originColumn: originColumn)
        let reusable = previous.flatMap { old in
            old.0.width == picture.width && old.0.height == picture.height && old.1.hasSameGeometry(as: grid)
                ? old : nil
        }
        var subcells = [RGBA](repeating: .transparent, count: across * down)
        var oldSubcells = subcells
        picture.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<grid.rows {
                for column in 0..<grid.columns {
                    gather(pixels, picture.width, picture.height, column, row, into: &subcells)
                    if let reusable {
                        reusable.0.pixels.withUnsafeBufferPointer {
                            gather($0, picture.width, picture.height, column, row, into: &oldSubcells)
                        }
                        if oldSubcells == subcells {
                            grid.cells[row * grid.columns + column] = reusable.1.cells[row * grid.columns + column]
                            continue
                        }
                    }
                    grid.cells[row * grid.columns + column] = cell(subcells, x: column * across, y: row * down)
                }
            }
        }
        return grid
    }

    private func gather(
        _ pixels: UnsafeBufferPointer<RGBA>, _ width: Int, _ height: Int, _ column: Int, _ row: Int,
        into subcells: inout [RGBA]
    ) {
        let across = symbols.columns, down = symbols.rows
        for dy in 0..<down {
            for dx in 0..<across {
                let x = column * across + dx, y = row * down + dy
                subcells[dy * across + dx] = x < width && y < height ? pixels[y * width + x] : .transparent
            }
        }
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
        // Each sub-cell in linear RGB and in sRGB, over the background where partly transparent.
        var channels = Channels()
        var opaque = 0
        for index in 0..<count where subcells[index].a > CellGridBuilder.transparentAlpha {
            opaque |= 1 << index
            channels.set(
                index, subcells[index].over(r: base.background.r, g: base.background.g, b: base.background.b))
        }
        guard opaque != 0 else { return .blank }
        // Transparent sub-cells show the terminal's own background: they are the background
        // group, the rest one colour over them.
        if opaque != full {
            let colour = base.color(channels.sums(mask: opaque).mean, x: x, y: y)
            return Self.cell(mask: opaque, foreground: colour, background: .default, count: count)
        }
        return bestCell(channels, count: count, x: x, y: y)
    }

    /// Every partition (the last sub-cell always in the background: each once; 0 is one colour).
    private func bestCell(_ channels: Channels, count: Int, x: Int, y: Int) -> Cell {
        let full = (1 << count) - 1
        let all = channels.sums(mask: full)
        var best = (mask: 0, error: Float.infinity, foreground: TermColor.default, background: TermColor.default)
        for mask in 0..<(1 << (count - 1)) {
            let foreground = mask == 0 ? Sums() : channels.sums(mask: mask)
            let background = all.minus(foreground)
            let backgroundColor = base.color(background.mean, x: x, y: y)
            var error = background.error(shown: shownColor(backgroundColor, exact: background.mean))
            var foregroundColor = backgroundColor
            if mask != 0 {
                foregroundColor = base.color(foreground.mean, x: x, y: y)
                error += foreground.error(shown: shownColor(foregroundColor, exact: foreground.mean))
            }
            if error < best.error { best = (mask, error, foregroundColor, backgroundColor) }
        }
        return Self.cell(mask: best.mask, foreground: best.foreground, background: best.background, count: count)
    }

    /// What a terminal colour shows, in sRGB from 0 to 1 (`exact`: the colour asked for, in
    /// truecolor).
    private func shownColor(_ color: TermColor, exact: RGBA) -> SIMD3<Float> {
        let rgb: (UInt8, UInt8, UInt8)
        switch color {
        case .rgb(let r, let g, let b): rgb = (r, g, b)
        case .indexed(let index): rgb = XtermPalette.rgb(index)
        case .default: rgb = (exact.r, exact.g, exact.b)
        }
        return SIMD3(Float(rgb.0) / 255, Float(rgb.1) / 255, Float(rgb.2) / 255)
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

/// A cell's sub-cells (up to 8, one lane each) in linear RGB (for means) and in sRGB from 0 to 1
/// (for errors).
private struct Channels {
    var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>()
    var sr = SIMD8<Float>(), sg = SIMD8<Float>(), sb = SIMD8<Float>()

    mutating func set(_ index: Int, _ pixel: RGBA) {
        r[index] = LinearLight.fromSRGB[Int(pixel.r)]
        g[index] = LinearLight.fromSRGB[Int(pixel.g)]
        b[index] = LinearLight.fromSRGB[Int(pixel.b)]
        sr[index] = Float(pixel.r) / 255
        sg[index] = Float(pixel.g) / 255
        sb[index] = Float(pixel.b) / 255
    }

    func sums(mask: Int) -> Sums {
        var sums = Sums()
        var bits = mask
        while bits != 0 {
            let index = bits.trailingZeroBitCount
            bits &= bits - 1
            sums.total += SIMD3(r[index], g[index], b[index])
            let gamma = SIMD3(sr[index], sg[index], sb[index])
            sums.gammaTotal += gamma
            sums.squares += (gamma * gamma).sum()
            sums.count += 1
        }
        return sums
    }
}

/// A group of sub-cells by its sums: enough for its mean (linear) and for the error of any
/// colour shown over it (sRGB: Σ|c − q|² = Σ|c|² − 2 q·Σc + n|q|²).
private struct Sums {
    var total = SIMD3<Float>(0, 0, 0)
    var gammaTotal = SIMD3<Float>(0, 0, 0)
    var squares: Float = 0
    var count: Float = 0

    func minus(_ other: Sums) -> Sums {
        Sums(
            total: total - other.total, gammaTotal: gammaTotal - other.gammaTotal, squares: squares - other.squares,
            count: count - other.count)
    }

    var mean: RGBA {
        guard count > 0 else { return RGBA(r: 0, g: 0, b: 0) }
        let mean = total / count
        return RGBA(r: LinearLight.toSRGB(mean.x), g: LinearLight.toSRGB(mean.y), b: LinearLight.toSRGB(mean.z))
    }

    func error(shown: SIMD3<Float>) -> Float {
        squares - 2 * (shown * gammaTotal).sum() + count * (shown * shown).sum()
    }
}
