public import Decode
public import Graphics
public import Picture
public import Playback

/// `--inline` in kitty: a file's picture is one kitty image placed where the cursor is, after the
/// terminal has scrolled to make room for its rows; later frames are the image's animation frames
/// (`KittyOutput`: only what changed, each frame sent once), which need no cursor at all. Before
/// each draw the cursor goes up to the picture's first row and afterwards back to the start of
/// the line below it, so a run that ends any way leaves the picture in the scrollback and the
/// cursor below it. Each file gets an image (and ids) of its own, below the last.
public final class InlineKittySink: InlineSink {
    private let link: TerminalLink
    private let area: (columns: Int, rows: Int)
    private var renderer: PixelRenderer
    private let background: RGBA?
    private let upscale: Bool
    private let cell: PixelSize
    private var output: KittyOutput?
    private var shownFile: Int?
    /// Rows of the picture on screen, the cursor parked on the line below them.
    private var rows = 0
    private let terminal: InlineWriter
    public var bytesWritten: Int { terminal.bytesWritten }
    public var outputError: WriteError? { terminal.outputError }

    /// - Parameters:
    ///   - area: the cells a picture may take.
    ///   - cell: a cell's pixels (the terminal's window size, or the profile's).
    public init(
        link: TerminalLink, area: (columns: Int, rows: Int), background: RGBA?, upscale: Bool, cell: PixelSize
    ) {
        self.link = link
        terminal = InlineWriter(link: link)
        self.area = area
        self.background = background
        self.upscale = upscale
        self.cell = cell
        renderer = PixelRenderer(background: background, upscale: upscale, terminalScales: true)
    }

    public func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int) { area }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
    ) -> PixelPicture {
        let picture = renderer.render(
            image, serial: serial, change: change, frame: FrameIdentity(file: file, index: index),
            areaColumns: tile.width, areaRows: tile.pictureRows, cellWidth: cell.width, cellHeight: cell.height)
        // At the left margin, from the cursor's line: no centring in the scrollback.
        return picture.moved(rows: -picture.layout.originRow, columns: -picture.layout.originColumn)
    }

    public func cost(of prepared: PixelPicture) -> Int { prepared.memoryCost }

    public func present(_ tiles: [TileView<PixelPicture>], status: PlaybackStatus?) {
        guard let view = tiles.first, let picture = view.picture else { return }
        var bytes = ControlSequence.hideCursor
        if shownFile != view.file || output == nil {
            // A new picture below whatever is above: room made by scrolling, the last one kept.
            let base = 0x7476_0001 + UInt32((view.file % 200) * 0x100)
            output = KittyOutput(ids: base...(base + 0xFE), placesAtCursor: true)
            shownFile = view.file
            rows = picture.layout.rows
            bytes += [UInt8](repeating: 0x0A, count: rows)
        }
        ControlSequence.appendCursorVertical(-rows, into: &bytes)
        bytes.append(0x0D)
        output!.draw(picture, into: &bytes)
        ControlSequence.appendCursorVertical(rows, into: &bytes)
        bytes.append(0x0D)
        terminal.write(bytes)
    }

    /// The cursor shown again below the picture, once the terminal has answered every pacing
    /// query (a late answer would reach the shell).
    public func finish() {
        terminal.giveBack()
    }

    public func readiness(at now: Duration) -> Duration? { link.readiness(at: now) }

    /// A resize leaves the picture where it is; the frames go on into the same image.
    public func refresh() {}

    /// Ctrl-Z: as `InlineTextSink`; after `fg` the picture is placed anew below the cursor.
    public var onSuspend: () -> Void = {}
    public var onContinue: () -> Void = {}

    public func suspend() {
        terminal.stopUntilContinued(onSuspend: onSuspend, onContinue: onContinue)
        output = nil
    }
}
