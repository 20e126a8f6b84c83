public import Graphics
public import Decode
public import Picture
public import Playback

/// A gallery in pixels (kitty, sixel, iTerm2): a `GraphicsOutput` and a scaler per tile, so each
/// tile sends only what it changed (kitty keeps each tile's frames, each under its own image ids);
/// captions and the status line as text (`GalleryCaptions`). The last screen row is the status
/// line's, so no picture scrolls the screen.
public final class PixelGallerySink: GallerySink {
    private let screen: NCursesScreen
    private let makeOutput: (Int) -> any GraphicsOutput
    private var outputs: [Int: any GraphicsOutput] = [:]
    private var renderers: [Int: PixelRenderer] = [:]
    private let background: RGBA?
    private let upscale: Bool
    private let terminalScales: Bool
    private let fallbackCell: PixelSize
    private var captions = GalleryCaptions()
    private var generation = 0
    private var needsClear = true
    /// Which file each tile showed at the last present: a page turned clears the screen.
    private var shownFiles: [Int] = []

    /// - Parameter makeOutput: the output for a tile's slot (kitty needs an id range of its own).
    public init(
        screen: NCursesScreen, makeOutput: @escaping (Int) -> any GraphicsOutput, background: RGBA?, upscale: Bool,
        terminalScales: Bool, fallbackCell: PixelSize
    ) {
        self.screen = screen
        self.makeOutput = makeOutput
        self.background = background
        self.upscale = upscale
        self.terminalScales = terminalScales
        self.fallbackCell = fallbackCell
    }

    public var area: (columns: Int, rows: Int) { (screen.size.columns, max(1, screen.size.rows - 1)) }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: GalleryLayout.Tile, slot: Int, file: Int,
        index: Int
    ) -> PixelPicture {
        var renderer =
            renderers[slot]
            ?? PixelRenderer(background: background, upscale: upscale, terminalScales: terminalScales)
        let cell = screen.size.cellPixels ?? fallbackCell
        let picture = renderer.render(
            image, serial: serial, change: change,
            frame: FrameIdentity(file: file, index: index, generation: generation),
            areaColumns: tile.width, areaRows: tile.pictureRows, cellWidth: cell.width, cellHeight: cell.height)
        renderers[slot] = renderer
        return picture.moved(rows: tile.row, columns: tile.column)
    }

    public func cost(of prepared: PixelPicture) -> Int { prepared.memoryCost }

    public func present(_ tiles: [GalleryTileView<PixelPicture>], status: String) {
        var bytes = screen.frameStart
        let files = tiles.map(\.file)
        if needsClear || files != shownFiles {
            for output in outputs.values { output.release(into: &bytes) }
            bytes += ControlSequence.resetAttributes + ControlSequence.clearScreen
            for output in outputs.values { output.invalidate() }
            captions.invalidate()
            needsClear = false
            shownFiles = files
        }
        for (slot, view) in tiles.enumerated() {
            guard let picture = view.picture, picture.frame.generation == generation else { continue }
            let output = outputs[slot] ?? makeOutput(slot)
            outputs[slot] = output
            output.draw(picture, into: &bytes)
        }
        captions.finish(&bytes, tiles: tiles, status: status, on: screen)
    }

    public var outputError: WriteError? { screen.outputError }
    public var bytesWritten: Int { screen.bytesWritten }

    public func readiness(at now: Duration) -> Duration? { screen.link.readiness(at: now) }

    public func refresh() {
        screen.refreshSize()
        generation += 1
        renderers = [:]
        needsClear = true
    }

    /// Frees what the terminal keeps of the tiles' pictures: before it is given back.
    public func release() {
        var bytes: [UInt8] = []
        for output in outputs.values { output.release(into: &bytes) }
        if !bytes.isEmpty { screen.present(bytes: bytes) }
    }

    public func suspend() {
        release()
        screen.stopUntilContinued()
        needsClear = true
    }
}
