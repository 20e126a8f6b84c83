public import Picture
import Terminal

/// What a cell grid should look like on a screen, in the emulator's terms.
public enum ScreenExpectation {
    /// The screen that shows exactly `grid` (cells outside it blank).
    public static func screen(for grid: CellGrid, rows: Int, columns: Int) -> [VirtualScreen.Pixel] {
        var pixels = [VirtualScreen.Pixel](repeating: VirtualScreen.Pixel(), count: rows * columns)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid[row, column]
                pixels[(grid.originRow + row) * columns + grid.originColumn + column] = normalized(
                    VirtualScreen.Pixel(
                        character: cell.glyph.character, foreground: cell.foreground, background: cell.background))
            }
        }
        return pixels
    }

    /// The emulator's cells as pictures: ▀ over (a, b) and ▄ over (b, a) show the same thing, so
    /// every cell is normalised to ▀ (or a space when both halves are equal), the foreground of a
    /// space dropped (it shows nowhere).
    public static func visible(_ screen: VirtualScreen) -> [VirtualScreen.Pixel] {
        screen.cells.map(normalized)
    }

    static func normalized(_ pixel: VirtualScreen.Pixel) -> VirtualScreen.Pixel {
        let top: TermColor
        let bottom: TermColor
        switch pixel.character {
        case "▀": (top, bottom) = (pixel.foreground, pixel.background)
        case "▄": (top, bottom) = (pixel.background, pixel.foreground)
        case "█": (top, bottom) = (pixel.foreground, pixel.foreground)
        case " ": (top, bottom) = (pixel.background, pixel.background)
        default: return pixel
        }
        if top == bottom { return VirtualScreen.Pixel(character: " ", foreground: .default, background: top) }
        return VirtualScreen.Pixel(character: "▀", foreground: top, background: bottom)
    }
}

/// The first cell where two screens differ, described, or nil when they are the same.
public func firstDifference(_ actual: [VirtualScreen.Pixel], _ expected: [VirtualScreen.Pixel], columns: Int) -> String?
{
    for index in actual.indices where actual[index] != expected[index] {
        return "row \(index / columns) column \(index % columns): \(actual[index]) instead of \(expected[index])"
    }
    return actual.count == expected.count ? nil : "sizes differ"
}
