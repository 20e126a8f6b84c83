public import Decode
public import Graphics
public import Picture
public import Playback

/// `--inline` in pixels: a file's picture drawn where the cursor is, after the terminal has
/// scrolled to make room for its rows. Before each frame the cursor goes up to the picture's
/// first row and is saved there (DECSC); the output counts its cells from that point (kitty:
/// one image and its animation frames; sixel and iTerm2: the changed part drawn over the last
/// frame), and afterwards the cursor is restored and put at the start of the line below, so a
/// run that ends any way leaves the picture in the scrollback and the cursor below it. The
/// picture never reaches that line, so drawing it never scrolls the screen (which is how
/// sixel animations walk up it). Each file gets a picture of its own, below the last.
public final class InlinePixelSink: InlineSink {
    private let link: TerminalLink
    private let area: (columns: Int, rows: Int)
    private let pixels: PixelOutputs
    private var renderer: PixelRenderer
    private var output: (any GraphicsOutput)?
    private var shownFile: Int?
    /// Rows and columns of the picture on screen, the cursor parked on the line below them.
    private var rows = 0
    private var columns = 0
    /// The terminal is narrower (or shorter) than the picture: it may have rewrapped or scrolled
    /// it, so relative moves would land elsewhere. Nothing is drawn until it fits again; then
    /// the whole frame is drawn in place (a terminal that reflows shows the picture where it was).
    public private(set) var hidden = false
    private let terminal: FrameWriter
    public var bytesWritten: Int { terminal.bytesWritten }
    public var outputError: WriteError? { terminal.outputError }

    /// - Parameter area: the cells a picture may take (and within the terminal's largest image).
    public init(
        link: TerminalLink, area: (columns: Int, rows: Int), pixels: PixelOutputs, background: RGBA?, upscale: Bool,
        synchronized: Bool = false
    ) {
        self.link = link
        terminal = FrameWriter(link: link, synchronized: synchronized)
        let cell = pixels.cell
        self.area = (
            min(area.columns, pixels.maximum.map { max(1, $0.width / cell.width) } ?? .max),
            min(area.rows, pixels.maximum.map { max(1, $0.height / cell.height) } ?? .max)
        )
        self.pixels = pixels
        renderer = PixelRenderer(background: background, upscale: upscale, terminalScales: pixels.terminalScales)
    }

    public func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int) { area }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
    ) -> PixelPicture {
        let picture = renderer.render(
            image, serial: serial, change: change, frame: FrameIdentity(file: file, index: index),
            areaColumns: tile.width, areaRows: tile.pictureRows, cellWidth: pixels.cell.width,
            cellHeight: pixels.cell.height)
        // At the left margin, from the cursor's line: no centring in the scrollback.
        return picture.moved(rows: -picture.layout.originRow, columns: -picture.layout.originColumn)
    }

    public func cost(of prepared: PixelPicture) -> Int { prepared.memoryCost }

    public func present(_ tiles: [TileView<PixelPicture>], status: PlaybackStatus?) {
        guard !hidden, let view = tiles.first, let picture = view.picture else { return }
        var bytes = ControlSequence.hideCursor
        if shownFile != view.file || output == nil {
            // A new picture below whatever is above: room made by scrolling, the last one kept
            // (its rows holding a space where the profile says: `inlineRowsHoldText`).
            output = pixels.inlineOutput(file: view.file)
            shownFile = view.file
            rows = picture.layout.rows
            columns = picture.layout.columns
            let row: [UInt8] = pixels.inlineRowsHoldText ? [0x20, 0x0D, 0x0A] : [0x0D, 0x0A]
            for _ in 0..<rows { bytes += row }
        }
        ControlSequence.appendCursorVertical(-rows, into: &bytes)
        bytes.append(0x0D)
        bytes += ControlSequence.saveCursor
        output!.draw(picture, into: &bytes)
        bytes += ControlSequence.restoreCursor
        ControlSequence.appendCursorVertical(rows, into: &bytes)
        bytes.append(0x0D)
        terminal.writeFrame(bytes)
    }

    /// The cursor shown again below the picture, once the terminal has answered every pacing
    /// query (a late answer would reach the shell).
    public func finish() {
        terminal.giveBack()
    }

    /// The image freed (kitty keeps it apart from the text) and the picture's rows erased from
    /// its first row down (sixel and iTerm2 pixels go with their cells), the cursor left there.
    public func remove() {
        var bytes: [UInt8] = []
        output?.release(into: &bytes)
        if rows > 0 { bytes += ControlSequence.cursorUpToLineStart(rows) + ControlSequence.eraseBelow }
        terminal.write(bytes)
        terminal.giveBack()
    }

    public func readiness(at now: Duration) -> Duration? { link.readiness(at: now) }

    /// A resize, as `InlineTextSink`'s: narrower or shorter than the picture, drawing pauses
    /// (playing goes on); while it fits, the next frame is sent whole, over what the terminal
    /// kept or lost of the last (also after every resize that fits: the window may have been
    /// narrower in between; kitty's image is placed again, which also puts it back where it
    /// belongs when kitty moved it less than the text). After Ctrl-Z (no output: the next
    /// picture is a new one) only whether it fits is worked out. Too short for a sixel picture,
    /// its rows still on the screen are cleared (`clearRowsLeftOnScreen`).
    public func refresh() {
        guard rows > 0, let size = TerminalSize.of(descriptor: link.outputDescriptor) else { return }
        let fits = size.holdsInlinePicture(rows: rows, columns: columns)
        if fits { output?.invalidate() }
        if !fits && !hidden && output != nil && pixels.graphics == .sixel && size.columns >= columns {
            clearRowsLeftOnScreen()
        }
        hidden = !fits
    }

    /// Too short for the picture (not narrower: nothing rewrapped), a sixel terminal has pushed
    /// its top rows into the scrollback: xterm then no longer shows the first image, whose top
    /// left the screen, but goes on showing the later frames' changed pixels, each an image of
    /// its own, over nothing (pieces of the picture). The picture's rows still on the screen are
    /// every row above the cursor's (the cursor goes up no further than the top), and are
    /// cleared, with what is under the cursor (nothing of another program's: it is the line
    /// below the picture); the frame is drawn whole once it fits again.
    private func clearRowsLeftOnScreen() {
        var bytes = ControlSequence.saveCursor
        ControlSequence.appendCursorVertical(-rows, into: &bytes)
        bytes.append(0x0D)
        bytes += ControlSequence.eraseBelow + ControlSequence.restoreCursor
        terminal.write(bytes)
    }

    /// Ctrl-Z: as `InlineTextSink`; after `fg` the picture is drawn anew below the cursor.
    public var onSuspend: () -> Void = {}
    public var onContinue: () -> Void = {}

    public func suspend() {
        terminal.stopUntilContinued(onSuspend: onSuspend, onContinue: onContinue)
        output = nil
    }
}
