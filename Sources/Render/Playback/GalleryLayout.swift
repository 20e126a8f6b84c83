/// Where the tiles of a gallery go: a grid of columns x rows over the screen (less its status
/// line), each tile a picture area above one caption row. `auto` picks the grid that shows a
/// 16:9 picture largest for the files at hand, up to a page of tiles no smaller than
/// `smallestTile`; more files than a page holds go on further pages.
public struct GalleryLayout: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// The tiles of one page, left to right, then down.
    public let tiles: [Tile]

    public var perPage: Int { tiles.count }

    /// The least a tile gets: 8 columns, a picture of 2 rows and its caption.
    public static let smallestTile = (columns: 8, rows: 3)

    /// - Parameter grid: columns and rows asked for; nil for auto.
    public init(screenColumns: Int, screenRows: Int, files: Int, grid: (columns: Int, rows: Int)?) {
        let width = max(1, screenColumns), height = max(1, screenRows)
        let chosen = grid ?? Self.automatic(width: width, height: height, files: max(1, files))
        // Never smaller than the smallest tile: fewer columns or rows if need be.
        columns = max(1, min(chosen.columns, width / Self.smallestTile.columns))
        rows = max(1, min(chosen.rows, height / Self.smallestTile.rows))
        let tileWidth = width / columns, tileHeight = height / rows
        var tiles: [Tile] = []
        for index in 0..<(columns * rows) {
            tiles.append(
                Tile(
                    column: index % columns * tileWidth, row: index / columns * tileHeight,
                    width: max(1, tileWidth - 1), pictureRows: max(1, tileHeight - 1)))
        }
        self.tiles = tiles
    }

    /// The grid that shows a 16:9 picture largest (half blocks: two pixels a row) with every file
    /// on one page, if tiles can stay at least `smallestTile`; else the densest such grid.
    private static func automatic(width: Int, height: Int, files: Int) -> (columns: Int, rows: Int) {
        var best = (columns: 1, rows: 1)
        var bestScale = -1.0
        for columns in 1...max(1, min(files, width / smallestTile.columns)) {
            let rows = (files + columns - 1) / columns
            guard rows <= height / smallestTile.rows else { continue }
            let tileWidth = Double(width / columns - 1), pictureHeight = Double(2 * (height / rows - 1))
            let scale = min(tileWidth / 16, pictureHeight / 9)
            if scale > bestScale {
                bestScale = scale
                best = (columns, rows)
            }
        }
        if bestScale < 0 {
            // Too many files for one page: as many tiles as fit.
            best = (max(1, width / smallestTile.columns / 2), max(1, height / smallestTile.rows / 2))
        }
        return best
    }
}
