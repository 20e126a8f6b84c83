public import Decode
import Graphics
public import Picture
public import Playback

/// Text cells playing in a rectangle of the normal screen, for a program that knows where its
/// pane is (a file manager's preview): no alternate screen, no scrolling. The rectangle is
/// blanked and the first frame drawn at its place by absolute moves; later frames change only
/// the cells that changed; the cursor is saved before each frame and put back after it, so the
/// program's own cursor stays where it was. The last frame stays when playing ends.
public final class PlacedTextSink: InlineSink, CellGridSink {
    private let link: TerminalLink
    private let builder: CellGridBuilder
    private let rectangle: (columns: Int, rows: Int, column: Int, row: Int)
    private var renderer: GridRenderer
    private let writer: ANSIWriter
    private let tolerance: Int
    private var cellAspect: Double?
    /// What the rectangle shows (nil: blank it and draw the next frame whole).
    private var displayed: CellGrid?
    private let terminal: FrameWriter
    public var bytesWritten: Int { terminal.bytesWritten }
    public var outputError: WriteError? { terminal.outputError }

    /// - Parameter rectangle: `columns` x `rows` cells from screen column `column`, row `row`
    ///   (from 0).
    public init(
        link: TerminalLink, builder: CellGridBuilder, upscale: Bool,
        rectangle: (columns: Int, rows: Int, column: Int, row: Int), synchronized: Bool, tolerance: Int
    ) {
        self.link = link
        terminal = FrameWriter(link: link, synchronized: synchronized)
        self.builder = builder
        self.rectangle = rectangle
        renderer = GridRenderer(builder: builder, upscale: upscale)
        writer = ANSIWriter(mode: builder.mode)
        self.tolerance = tolerance
        cellAspect = TerminalSize.of(descriptor: link.outputDescriptor)?.cellAspect
    }

    public func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int) { (rectangle.columns, rectangle.rows) }

    public func decodeBound(for tile: Tile) -> FrameBound? {
        GridRenderer.decodeBound(columns: tile.width, rows: tile.pictureRows, cellAspect: cellAspect, builder: builder)
    }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
    ) -> CellGrid {
        var grid = renderer.render(
            image, serial: serial, change: change, columns: tile.width, rows: tile.pictureRows,
            cellAspect: cellAspect)
        // Centred in the rectangle as the renderer centres it in its area, at the rectangle's place.
        grid.originRow += rectangle.row
        grid.originColumn += rectangle.column
        return grid
    }

    public func present(_ tiles: [TileView<CellGrid>], status: PlaybackStatus?) {
        guard let grid = tiles.first?.picture else { return }
        var bytes = ControlSequence.hideCursor + ControlSequence.saveCursor
        if displayed?.hasSameGeometry(as: grid) != true {
            // Whole: the rectangle blanked, then every cell that is not blank.
            bytes += blanking
            displayed = CellGrid(
                rows: grid.rows, columns: grid.columns, originRow: grid.originRow, originColumn: grid.originColumn)
        }
        var cells: [UInt8] = []
        writer.update(displayed: &displayed, to: grid, tolerance: tolerance, into: &cells)
        bytes += cells + ControlSequence.restoreCursor
        terminal.writeFrame(bytes)
    }

    /// The last frame stays; the cursor shown where the program had it.
    public func finish() {
        terminal.giveBack()
    }

    /// The rectangle blanked, the cursor where the program had it.
    public func remove() {
        terminal.write(ControlSequence.saveCursor + blanking + ControlSequence.restoreCursor)
        terminal.giveBack()
    }

    public func readiness(at now: Duration) -> Duration? { link.readiness(at: now) }

    /// A resize: the program may have redrawn its panes; the next frame is drawn whole.
    public func refresh() {
        cellAspect = TerminalSize.of(descriptor: link.outputDescriptor)?.cellAspect
        displayed = nil
    }

    public var onSuspend: () -> Void = {}
    public var onContinue: () -> Void = {}

    /// Ctrl-Z: as the inline sinks; after `fg` the next frame is drawn whole.
    public func suspend() {
        terminal.stopUntilContinued(onSuspend: onSuspend, onContinue: onContinue)
        displayed = nil
    }

    /// Every cell of the rectangle erased, in the terminal's own colours.
    private var blanking: [UInt8] {
        ControlSequence.eraseRectangle(
            rows: rectangle.rows, columns: rectangle.columns, row: rectangle.row, column: rectangle.column)
    }
}
