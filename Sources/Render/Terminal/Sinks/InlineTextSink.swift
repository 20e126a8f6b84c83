public import Decode
import Graphics
public import Picture
public import Playback

/// `--inline`: text cells where the cursor is, in the scrollback, no alternate screen. A file's
/// first frame is printed as lines (the terminal scrolls to make room), leaving the cursor at the
/// start of the line below; later frames change only the cells that changed, reached by relative
/// moves from there, and leave the cursor there again — so the picture stays put wherever the
/// prompt was, and a run that ends any way leaves it in the scrollback with the cursor below
/// it. The next file is printed below the last. Written through the `TerminalLink`, which paces
/// it on a slow link.
public final class InlineTextSink: InlineSink, CellGridSink {
    private let link: TerminalLink
    private let builder: CellGridBuilder
    private let upscale: Bool
    private let area: (columns: Int, rows: Int)
    private var renderer: GridRenderer
    private let writer: ANSIWriter
    private let tolerance: Int
    /// A cell's height over its width, as the terminal says (read again after a resize).
    private var cellAspect: Double?
    /// What the picture under the cursor shows, and which file it is (nil: none printed yet).
    private var displayed: CellGrid?
    private var shownFile: Int?
    /// The terminal is narrower (or shorter) than the picture: it may have rewrapped or scrolled
    /// it, so moves relative to it would land elsewhere. Nothing is drawn until it is large
    /// enough again (a terminal that reflows then shows the picture where it was).
    public private(set) var hidden = false
    /// The picture's size, kept when `displayed` is let go (Ctrl-Z), for `hidden`.
    private var pictureSize: (rows: Int, columns: Int)?
    private let terminal: FrameWriter
    public var bytesWritten: Int { terminal.bytesWritten }
    public var outputError: WriteError? { terminal.outputError }

    /// - Parameter area: the cells a picture may take (`--size`, else the terminal's width and
    ///   its height less a row, so the prompt stays in view).
    public init(
        link: TerminalLink, builder: CellGridBuilder, upscale: Bool, area: (columns: Int, rows: Int),
        synchronized: Bool, tolerance: Int
    ) {
        self.link = link
        terminal = FrameWriter(link: link, synchronized: synchronized)
        self.builder = builder
        self.upscale = upscale
        self.area = area
        renderer = GridRenderer(builder: builder, upscale: upscale)
        writer = ANSIWriter(mode: builder.mode)
        self.tolerance = tolerance
        cellAspect = TerminalSize.of(descriptor: link.outputDescriptor)?.cellAspect
    }

    public func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int) { area }

    /// Video clips are decoded at the size this tile shows them as text.
    public func decodeBound(for tile: Tile) -> FrameBound? {
        GridRenderer.decodeBound(
            columns: tile.width, rows: tile.pictureRows, cellAspect: cellAspect, builder: builder)
    }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
    ) -> CellGrid {
        var grid = renderer.render(
            image, serial: serial, change: change, columns: tile.width, rows: tile.pictureRows,
            cellAspect: cellAspect)
        // At the left margin, from the cursor's line: no centring in the scrollback.
        grid.originRow = 0
        grid.originColumn = 0
        return grid
    }

    public func present(_ tiles: [TileView<CellGrid>], status: PlaybackStatus?) {
        guard !hidden, let view = tiles.first, let grid = view.picture else { return }
        var bytes: [UInt8]
        if shownFile == view.file, displayed?.hasSameGeometry(as: grid) == true {
            bytes = []
            writer.update(displayed: &displayed, to: grid, tolerance: tolerance, inPlace: true, into: &bytes)
        } else {
            // A new file (or the first): printed below whatever is above the cursor.
            bytes = ControlSequence.hideCursor + writer.lines(grid, tolerance: tolerance)
            displayed = grid
            shownFile = view.file
        }
        pictureSize = (grid.rows, grid.columns)
        terminal.writeFrame(bytes)
    }

    /// The cursor shown again, at the start of the line below the picture (it is there already),
    /// once the terminal has answered every pacing query: a late answer would reach the shell.
    public func finish() {
        terminal.giveBack()
    }

    /// The picture's rows erased from its first row down, the cursor left there.
    public func remove() {
        if let rows = pictureSize?.rows {
            terminal.write(ControlSequence.cursorUpToLineStart(rows) + ControlSequence.eraseBelow)
        }
        terminal.giveBack()
    }

    public func readiness(at now: Duration) -> Duration? { link.readiness(at: now) }

    /// A resize. Narrower than the picture, or too short for it, the terminal may have rewrapped
    /// its lines or scrolled it: drawing pauses (playing goes on) until the picture fits again.
    /// Then every cell is drawn again in place: a terminal that truncated lines instead of
    /// rewrapping them lost what was cut.
    public func refresh() {
        guard let size = TerminalSize.of(descriptor: link.outputDescriptor) else { return }
        cellAspect = size.cellAspect
        guard let picture = pictureSize else { return }
        let fits = size.holdsInlinePicture(rows: picture.rows, columns: picture.columns)
        if hidden && fits, let shown = displayed {
            // A cell no picture has (never sent: only what the next frame is compared with).
            let unknown = Cell(glyph: .mosaic("\u{0}"), foreground: .default, background: .default)
            displayed = CellGrid(
                rows: shown.rows, columns: shown.columns, originRow: shown.originRow, originColumn: shown.originColumn,
                fill: unknown)
        }
        hidden = !fits
    }

    /// Ctrl-Z: the cursor shown and the terminal's modes given back while stopped (the caller's
    /// `onSuspend` and `onContinue`); after `fg` the shell has written below, so the next frame
    /// is printed anew below the cursor.
    public var onSuspend: () -> Void = {}
    public var onContinue: () -> Void = {}

    public func suspend() {
        terminal.stopUntilContinued(onSuspend: onSuspend, onContinue: onContinue)
        displayed = nil
        shownFile = nil
    }
}
