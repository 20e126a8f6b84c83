public import Decode
public import Picture
public import Playback

/// A gallery in half blocks on the ncurses screen: each tile's picture fitted to its area (a
/// scaler per tile), the page composed into one grid that goes out as a diff (only cells that
/// changed, whatever tile they belong to), then the captions and status line (`GalleryCaptions`).
public final class GalleryScreenSink: GallerySink {
    private let screen: NCursesScreen
    private let builder: CellGridBuilder
    private let upscale: Bool
    private var renderers: [Int: GridRenderer] = [:]
    private let writer: ANSIWriter
    private var front: CellGrid?
    private var captions = GalleryCaptions()

    public init(screen: NCursesScreen, builder: CellGridBuilder, upscale: Bool) {
        self.screen = screen
        self.builder = builder
        self.upscale = upscale
        writer = ANSIWriter(mode: screen.mode, synchronized: screen.synchronizedOutput)
    }

    public var area: (columns: Int, rows: Int) { (screen.size.columns, max(1, screen.size.rows - 1)) }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: GalleryLayout.Tile, slot: Int, file: Int,
        index: Int
    ) -> CellGrid {
        var renderer = renderers[slot] ?? GridRenderer(builder: builder, upscale: upscale)
        var grid = renderer.render(
            image, serial: serial, change: change, columns: tile.width, rows: tile.pictureRows,
            cellAspect: screen.size.cellAspect)
        renderers[slot] = renderer
        grid.originRow += tile.row
        grid.originColumn += tile.column
        return grid
    }

    public func cost(of prepared: CellGrid) -> Int { prepared.memoryCost }

    public func present(_ tiles: [GalleryTileView<CellGrid>], status: String) {
        let size = area
        var page = CellGrid(rows: size.rows, columns: size.columns)
        for view in tiles {
            guard let picture = view.picture else { continue }
            for row in 0..<picture.rows {
                let y = picture.originRow + row
                guard y < size.rows else { break }
                for column in 0..<picture.columns {
                    let x = picture.originColumn + column
                    if x < size.columns { page[y, x] = picture[row, column] }
                }
            }
        }
        let full = front == nil
        var bytes: [UInt8] = []
        writer.update(displayed: &front, to: page, tolerance: screen.colorTolerance, into: &bytes)
        if full { captions.invalidate() }
        captions.finish(&bytes, tiles: tiles, status: status, on: screen)
    }

    public var outputError: WriteError? { screen.outputError }
    public var bytesWritten: Int { screen.bytesWritten }

    public func readiness(at now: Duration) -> Duration? { screen.link.readiness(at: now) }

    public func refresh() {
        screen.refreshSize()
        renderers = [:]
        front = nil
    }

    public func suspend() {
        screen.stopUntilContinued()
        front = nil
    }
}
