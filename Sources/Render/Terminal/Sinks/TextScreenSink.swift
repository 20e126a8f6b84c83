public import Decode
public import Picture
public import Playback

/// The interactive terminal as a sink that draws text cells, full screen or a gallery page, each
/// tile's picture fitted by a scaler of its own. One picture goes out through `NCursesScreen`'s
/// cell drawing (tview's ANSI diff or ncurses', stepping down to 256 colours on a saturated
/// link) with the status line; a gallery page is composed into one grid that goes out as a diff
/// (only cells that changed, whatever tile they belong to), then the captions and status line
/// (`GalleryCaptions`).
public final class TextScreenSink: FrameSink, CellGridSink {
    private let screen: NCursesScreen
    private let builder: CellGridBuilder
    private let upscale: Bool
    /// An area smaller than the terminal (`--size`), if asked for.
    private let area: (columns: Int, rows: Int)?
    private var renderers: [Int: GridRenderer] = [:]
    /// A gallery page's writer and what it shows (nil: unknown, draw everything).
    private let pageWriter: ANSIWriter
    private var page: CellGrid?
    private var captions = GalleryCaptions()
    /// The last grid presented full screen (for leaving the last frame on the normal screen).
    public private(set) var lastGrid: CellGrid?

    public init(screen: NCursesScreen, builder: CellGridBuilder, upscale: Bool, area: (columns: Int, rows: Int)?) {
        self.screen = screen
        self.builder = builder
        self.upscale = upscale
        self.area = area
        pageWriter = ANSIWriter(mode: screen.mode)
    }

    /// The sink for `profile`'s terminal as `request` asks: the terminal's symbols and
    /// background unless others are asked for; `--size` full screen only (a gallery lays its
    /// tiles over the whole screen).
    public convenience init(
        screen: NCursesScreen, profile: TerminalProfile, request: PictureRequest, arrangement: PlayerArrangement
    ) {
        let builder = request.builder(
            mode: screen.mode, terminalSymbols: profile.symbols, terminalWedges: profile.wedges,
            terminalBackground: profile.answers.background)
        var area = request.area
        if case .gallery = arrangement { area = nil }
        self.init(screen: screen, builder: builder, upscale: request.upscale, area: area)
        screen.colorTolerance = request.tolerance
    }

    public var bytesWritten: Int { screen.bytesWritten }

    /// The screen (or `--size`) less the status row when there is a status line.
    public func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int) {
        screen.size.pictureArea(statusLine: statusLine, limit: area)
    }

    /// Video clips are decoded at the size this tile shows them as text.
    public func decodeBound(for tile: Tile) -> FrameBound? {
        GridRenderer.decodeBound(
            columns: tile.width, rows: tile.pictureRows, cellAspect: screen.size.cellAspect, builder: builder)
    }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
    ) -> CellGrid {
        var grid = withRenderer(slot: slot) {
            $0.render(
                image, serial: serial, change: change, columns: tile.width, rows: tile.pictureRows,
                cellAspect: screen.size.cellAspect)
        }
        grid.originRow += tile.row
        grid.originColumn += tile.column
        return grid
    }

    /// Mosaic cells of a first frame behind its decoder (`GridRenderer.render(growing:)`).
    public func prepare(growing canvas: GrowingCanvas, tile: Tile, slot: Int) -> Bool {
        withRenderer(slot: slot) {
            $0.render(growing: canvas, columns: tile.width, rows: tile.pictureRows, cellAspect: screen.size.cellAspect)
        }
    }

    /// `body` with `slot`'s renderer, taken out while it renders so what it keeps is its own
    /// (`GridRenderer`), and put back.
    private func withRenderer<Result>(slot: Int, _ body: (inout GridRenderer) -> Result) -> Result {
        var renderer = renderers.removeValue(forKey: slot) ?? GridRenderer(builder: builder, upscale: upscale)
        defer { renderers[slot] = renderer }
        return body(&renderer)
    }

    public func present(_ tiles: [TileView<CellGrid>], status: PlaybackStatus?) {
        guard tiles.count == 1, tiles[0].caption == nil else {
            presentPage(tiles, status: status)
            return
        }
        guard let grid = tiles[0].picture else { return }
        lastGrid = grid
        var status = status
        status?.link = screen.link.report
        screen.present(grid, status: status?.text(width: screen.size.statusWidth))
    }

    private func presentPage(_ tiles: [TileView<CellGrid>], status: PlaybackStatus?) {
        let size = screen.size.pictureArea(statusLine: true)
        var composed = CellGrid(rows: size.rows, columns: size.columns)
        for view in tiles {
            guard let picture = view.picture else { continue }
            for row in 0..<picture.rows {
                let y = picture.originRow + row
                guard y < size.rows else { break }
                for column in 0..<picture.columns {
                    let x = picture.originColumn + column
                    if x < size.columns { composed[y, x] = picture[row, column] }
                }
            }
        }
        let full = page == nil
        var bytes: [UInt8] = []
        pageWriter.update(displayed: &page, to: composed, tolerance: screen.colorTolerance, into: &bytes)
        if full { captions.invalidate() }
        captions.finish(&bytes, tiles: tiles, status: status, on: screen)
    }

    /// The last frame as text to print once the terminal is given back, so it stays on the normal
    /// screen: in the colours it was shown in (the 256-colour palette while the link had
    /// stepped down), with the screen's colour tolerance.
    public var lastFrameText: [UInt8]? {
        guard let lastGrid else { return nil }
        return TextFrame.bytes(
            screen.steppedDown ? lastGrid.inPalette256 : lastGrid, mode: screen.mode, tolerance: screen.colorTolerance)
    }

    public var outputError: WriteError? { screen.outputError }

    public func readiness(at now: Duration) -> Duration? { screen.link.readiness(at: now) }

    public func refresh() {
        screen.refreshSize()
        renderers = [:]
        page = nil
    }

    public func suspend() {
        screen.stopUntilContinued()
        page = nil
    }
}
