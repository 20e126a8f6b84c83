public import Graphics
public import Decode
public import Picture
public import Playback

/// The interactive terminal as a sink that draws pixels (kitty, sixel, iTerm2), full screen or a
/// gallery page: each tile's picture fitted by a scaler of its own and sent through a
/// `GraphicsOutput` of its own, so a tile sends only what it changed (kitty keeps each tile's
/// frames under image ids of its own); captions and the status line as text
/// (`GalleryCaptions`). The last screen row is always the status line's, so no picture can
/// scroll the screen. ncurses (`NCursesScreen`) still sets the terminal up, reads keys and gives
/// it back.
public final class PixelScreenSink: FrameSink {
    private let screen: NCursesScreen
    private let makeOutput: (Int) -> any GraphicsOutput
    private var outputs: [Int: any GraphicsOutput] = [:]
    private var renderers: [Int: PixelRenderer] = [:]
    private let background: RGBA?
    private let upscale: Bool
    private let terminalScales: Bool
    /// An area smaller than the terminal (`--size`), if asked for.
    private let area: (columns: Int, rows: Int)?
    /// A cell's pixels when the terminal's size does not say (from asking it, or a guess).
    private let fallbackCell: PixelSize
    /// The largest image the terminal shows (sixel in xterm: 1000x1000 by default), if known.
    public var maximumPixels: PixelSize?
    private var captions = GalleryCaptions()
    /// Counts layouts: pictures made for an earlier one are not drawn.
    private var generation = 0
    private var needsClear = true
    /// Which file each tile showed at the last present: a page turned clears the screen.
    private var shownFiles: [Int] = []
    /// The last picture presented full screen (left on the normal screen after playing).
    public private(set) var lastPicture: PixelPicture?

    /// - Parameter makeOutput: the output for a tile's slot (kitty tiles need id ranges of
    ///   their own).
    public init(
        screen: NCursesScreen, makeOutput: @escaping (Int) -> any GraphicsOutput, background: RGBA?, upscale: Bool,
        terminalScales: Bool, area: (columns: Int, rows: Int)?, fallbackCell: PixelSize
    ) {
        self.screen = screen
        self.makeOutput = makeOutput
        self.background = background
        self.upscale = upscale
        self.terminalScales = terminalScales
        self.area = area
        self.fallbackCell = fallbackCell
    }

    /// The sink for `profile`'s terminal as `request` asks, or nil when the profile chose text:
    /// an output per tile in a gallery (kitty tiles under id ranges of their own), `--size` full
    /// screen only.
    public convenience init?(
        screen: NCursesScreen, profile: TerminalProfile, request: PictureRequest, arrangement: PlayerArrangement
    ) {
        guard let pixels = PixelOutputs(profile: profile) else { return nil }
        var area = request.area
        var makeOutput: (Int) -> any GraphicsOutput = { _ in pixels.output() }
        if case .gallery = arrangement {
            area = nil
            makeOutput = { pixels.output(slot: $0) }
        }
        self.init(
            screen: screen, makeOutput: makeOutput,
            background: request.pixelBackground(graphics: pixels.graphics, terminal: profile.answers.background),
            upscale: request.upscale, terminalScales: pixels.terminalScales, area: area, fallbackCell: pixels.cell)
        maximumPixels = pixels.maximum
    }

    public var bytesWritten: Int { screen.bytesWritten }

    /// The cell size pictures are made for.
    public var cellPixels: PixelSize { screen.size.cellPixels ?? fallbackCell }

    /// The screen (or `--size`) less its last row, with a status line or without.
    public func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int) {
        screen.size.pictureArea(statusLine: true, limit: area)
    }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
    ) -> PixelPicture {
        // Taken out while it renders: a copy left in the dictionary would share its last scaled
        // picture, which the next partial rescale then copies whole (5.8 MB a frame at 1600x900).
        var renderer =
            renderers.removeValue(forKey: slot)
            ?? PixelRenderer(background: background, upscale: upscale, terminalScales: terminalScales)
        let cell = cellPixels
        let picture = renderer.render(
            image, serial: serial, change: change,
            frame: FrameIdentity(file: file, index: index, generation: generation),
            areaColumns: min(tile.width, maximumPixels.map { $0.width / cell.width } ?? .max),
            areaRows: min(tile.pictureRows, maximumPixels.map { $0.height / cell.height } ?? .max),
            cellWidth: cell.width, cellHeight: cell.height)
        renderers[slot] = renderer
        return tile.row == 0 && tile.column == 0 ? picture : picture.moved(rows: tile.row, columns: tile.column)
    }

    public func cost(of prepared: PixelPicture) -> Int { prepared.memoryCost }

    public func present(_ tiles: [TileView<PixelPicture>], status: PlaybackStatus?) {
        var bytes: [UInt8] = []
        let files = tiles.map(\.file)
        // A page of several files turned: what the terminal keeps of the old tiles is freed. A
        // single picture is replaced in place (kitty keeps its frames for coming back with p).
        let pageTurned = files != shownFiles && (files.count > 1 || shownFiles.count > 1)
        if needsClear || pageTurned {
            if pageTurned { for output in outputs.values { output.release(into: &bytes) } }
            bytes += ControlSequence.resetAttributes + ControlSequence.clearScreen
            for output in outputs.values { output.invalidate() }
            captions.invalidate()
            needsClear = false
        }
        shownFiles = files
        for (slot, view) in tiles.enumerated() {
            guard let picture = view.picture, picture.frame.generation == generation else { continue }
            let output = outputs[slot] ?? makeOutput(slot)
            outputs[slot] = output
            output.draw(picture, into: &bytes)
        }
        if tiles.count == 1, tiles[0].caption == nil { lastPicture = tiles[0].picture }
        captions.finish(&bytes, tiles: tiles, status: status, on: screen)
    }

    /// The last frame as the output draws it at the cursor, to print once the terminal is given
    /// back, so it stays on the normal screen.
    public var lastFrameBytes: [UInt8]? {
        guard let lastPicture, let output = outputs[0] else { return nil }
        return output.still(lastPicture)
    }

    public var outputError: WriteError? { screen.outputError }

    public func readiness(at now: Duration) -> Duration? { screen.link.readiness(at: now) }

    public func refresh() {
        screen.refreshSize()
        generation += 1
        renderers = [:]
        needsClear = true
    }

    /// Frees what the terminal keeps of tview's pictures: before it is given back.
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
