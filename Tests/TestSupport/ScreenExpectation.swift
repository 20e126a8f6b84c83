public import Render

/// What a cell grid should look like on a screen, in the emulator's terms.
public enum ScreenExpectation {
    /// The screen that shows exactly `grid` (cells outside it blank).
    public static func screen(for grid: CellGrid, rows: Int, columns: Int) -> [VirtualScreen.Pixel] {
        var pixels = [VirtualScreen.Pixel](repeating: VirtualScreen.Pixel(), count: rows * columns)
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid[row, column]
                pixels[(grid.originRow + row) * columns + grid.originColumn + column] = VirtualScreen.Pixel(
                    character: cell.glyph.character,
                    foreground: cell.glyph == .space ? .default : cell.foreground,
                    background: cell.background)
            }
        }
        return pixels
    }

    /// The emulator's cells with the foreground of spaces dropped (it shows nowhere).
    public static func visible(_ screen: VirtualScreen) -> [VirtualScreen.Pixel] {
        screen.cells.map { pixel in
            var copy = pixel
            if copy.character == " " { copy.foreground = .default }
            return copy
        }
    }
}

/// The first cell where two screens differ, described, or nil when they are the same.
public func firstDifference(_ actual: [VirtualScreen.Pixel], _ expected: [VirtualScreen.Pixel], columns: Int) -> String? {
    for index in actual.indices where actual[index] != expected[index] {
        return "row \(index / columns) column \(index % columns): \(actual[index]) instead of \(expected[index])"
    }
    return actual.count == expected.count ? nil : "sizes differ"
}
