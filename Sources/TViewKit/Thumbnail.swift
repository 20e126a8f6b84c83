internal import Decode
internal import Graphics
internal import Picture
internal import Terminal

/// One frame as a still picture: text for a box of cells, or a pixel protocol's image. This is
/// how `tview` writes a frame to a pipe (`tview --size 40x12 anim.gif > thumb.txt`) and into a
/// previewer's pane (`--place`).
///
/// ```swift
/// let animation = try Animation(.file(path: "anim.gif"))
/// let text = Thumbnail.text(of: try animation.frame(1), columns: 40, rows: 12)
/// print(text, terminator: "")
/// ```
///
/// Pictures are fitted to the box keeping their shape (filling it in one dimension), averaged
/// in linear light, and enlarged by a whole factor when smaller than the box (unless the style
/// says not to).
public enum Thumbnail {
    /// `frame` as at most `rows` lines of at most `columns` cells: nothing but colours (SGR) and
    /// the cells' characters, each line ending with a colour reset and a newline, so the text
    /// stays where it is printed (`cat`, `less -R`).
    public static func text(
        of frame: AnimationFrame, columns: Int, rows: Int, style: TextStyle = TextStyle()
    ) -> String {
        let grid = grid(of: frame, columns: columns, rows: rows, style: style)
        return String(decoding: TextFrame.bytes(grid, mode: style.colors.mode), as: UTF8.self)
    }

    /// `frame` drawn into `rectangle` of the screen, for a program that knows where its pane is:
    /// every cell of the rectangle blanked first, then the picture's cells at their places
    /// (absolute cursor moves), and the cursor put back where it was. Nothing is asked of the
    /// terminal.
    public static func text(
        of frame: AnimationFrame, placedIn rectangle: CellRectangle, style: TextStyle = TextStyle()
    ) -> [UInt8] {
        var grid = grid(of: frame, columns: rectangle.columns, rows: rectangle.rows, style: style)
        grid.originRow += rectangle.row
        grid.originColumn += rectangle.column
        // Drawn over a blank grid of its own size: every cell that is not blank goes out, at its
        // place on the screen (the rectangle is blanked first).
        var blank: CellGrid? = CellGrid(
            rows: grid.rows, columns: grid.columns, originRow: grid.originRow, originColumn: grid.originColumn)
        // The writer fills a buffer of its own (it starts by emptying it).
        var cells: [UInt8] = []
        ANSIWriter(mode: style.colors.mode).update(
            displayed: &blank, to: grid, tolerance: 0, into: &cells)
        return ControlSequence.saveCursor + blanking(rectangle) + cells + ControlSequence.resetAttributes
            + ControlSequence.restoreCursor
    }

    /// `frame` as `pixels`' image for a box of `columns` x `rows` cells of `cellSize` pixels.
    /// kitty and iTerm2 scale the image to its cells themselves; a sixel is made at the cells'
    /// pixels. Transparency is blended over `background`; with none, kitty keeps it (it composes
    /// the image over the terminal's background) and the others blend over black.
    public static func pixels(
        of frame: AnimationFrame, as pixels: PixelProtocol, columns: Int, rows: Int,
        cellSize: (width: Int, height: Int) = (10, 20), background: RGBColor? = nil, enlarges: Bool = true
    ) -> PixelImage {
        let graphics = pixels.graphics
        let picture = Self.picture(
            of: frame, for: graphics, columns: columns, rows: rows, cellSize: cellSize, background: background,
            enlarges: enlarges)
        let layout = picture.layout
        return PixelImage(
            bytes: graphics.output().still(picture), columns: layout.columns, rows: layout.rows,
            column: layout.originColumn, row: layout.originRow)
    }

    /// `frame` fitted to `columns` x `rows` cells of `cellSize` for `graphics` (see `pixels`).
    private static func picture(
        of frame: AnimationFrame, for graphics: GraphicsProtocol, columns: Int, rows: Int,
        cellSize: (width: Int, height: Int), background: RGBColor?, enlarges: Bool
    ) -> PixelPicture {
        let blendedOver = background?.rgba ?? (graphics.composesTransparency ? nil : RGBA(r: 0, g: 0, b: 0))
        var renderer = PixelRenderer(
            background: blendedOver, upscale: enlarges, terminalScales: graphics.terminalScales)
        return renderer.render(
            frame.image, frame: FrameIdentity(file: 0, index: 0), areaColumns: max(1, columns),
            areaRows: max(1, rows), cellWidth: max(1, cellSize.width), cellHeight: max(1, cellSize.height))
    }

    /// `frame` as `pixels`' image placed in `rectangle` of the screen (centred in the dimension
    /// it does not fill): the rectangle blanked first, the cursor put back where it was after.
    /// `cellSize` is the terminal's cell in pixels where known (kitty and iTerm2 stretch the
    /// image over its cells either way).
    ///
    /// Inside tmux whose outer terminal draws kitty's Unicode placeholders (kitty 0.28 and later,
    /// ghostty; `allow-passthrough on`, a UTF-8 client), a kitty picture goes through tmux as an
    /// image with a virtual placement and is drawn by placeholder cells in the rectangle, which
    /// tmux keeps as text (tmux is asked, the terminal is not).
    public static func pixels(
        of frame: AnimationFrame, as pixels: PixelProtocol, placedIn rectangle: CellRectangle,
        cellSize: (width: Int, height: Int) = (10, 20), background: RGBColor? = nil, enlarges: Bool = true
    ) -> [UInt8] {
        if pixels == .kitty, let tmux = placeholderTmux {
            let picture = Self.picture(
                of: frame, for: .kitty, columns: rectangle.columns, rows: rectangle.rows, cellSize: cellSize,
                background: background, enlarges: enlarges)
            var bytes = ControlSequence.saveCursor + blanking(rectangle)
            KittyOutput(passthrough: tmux.pane, placeholders: true).draw(
                picture.moved(rows: rectangle.row, columns: rectangle.column), into: &bytes)
            return bytes + ControlSequence.resetAttributes + ControlSequence.restoreCursor
        }
        let image = Self.pixels(
            of: frame, as: pixels, columns: rectangle.columns, rows: rectangle.rows, cellSize: cellSize,
            background: background, enlarges: enlarges)
        return ControlSequence.saveCursor + blanking(rectangle)
            + ControlSequence.cursorPosition(row: rectangle.row + image.row, column: rectangle.column + image.column)
            + image.bytes + ControlSequence.resetAttributes + ControlSequence.restoreCursor
    }

    /// What takes a placed picture away: `rectangle` blanked, and the kitty image a placement
    /// left there deleted (terminals without kitty's protocol ignore that); the cursor put back.
    public static func clearing(_ rectangle: CellRectangle) -> [UInt8] {
        var bytes = ControlSequence.saveCursor + blanking(rectangle)
        KittyOutput(passthrough: placeholderTmux?.pane).deleteFirstStill(into: &bytes)
        return bytes + ControlSequence.resetAttributes + ControlSequence.restoreCursor
    }

    /// The tmux tview runs in, where its outer terminal draws kitty's placeholders through it.
    private static var placeholderTmux: TmuxClient? {
        TmuxClient.current(environment: ProcessEnvironment.current).flatMap { $0.drawsPlaceholders ? $0 : nil }
    }

    /// Every cell of `rectangle` blanked (what an earlier preview left there goes).
    private static func blanking(_ rectangle: CellRectangle) -> [UInt8] {
        ControlSequence.eraseRectangle(
            rows: rectangle.rows, columns: rectangle.columns, row: rectangle.row, column: rectangle.column)
    }

    private static func grid(of frame: AnimationFrame, columns: Int, rows: Int, style: TextStyle) -> CellGrid {
        var renderer = GridRenderer(builder: style.builder, upscale: style.enlarges)
        return renderer.render(frame.image, columns: max(1, columns), rows: max(1, rows), cellAspect: nil)
    }
}
