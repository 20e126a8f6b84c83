public import Graphics
public import Decode
public import Picture
public import Playback

/// The interactive terminal as a frame sink that draws pixels (kitty, sixel, iTerm2): frames are
/// fitted to the screen less its last row, which is always left to the status line (a picture
/// that reached it would scroll the screen), and go out through a `GraphicsOutput`. ncurses
/// (`NCursesScreen`) still sets the terminal up, reads keys and gives it back.
public final class PixelSink: FrameSink {
    private let screen: NCursesScreen
    private let output: any GraphicsOutput
    private var renderer: PixelRenderer
    private let area: (columns: Int, rows: Int)?
    /// A cell's pixels when the terminal's size does not say (from asking it, or a guess).
    private let fallbackCell: PixelSize
    /// The largest image the terminal shows (sixel in xterm: 1000x1000 by default), if known.
    public var maximumPixels: PixelSize?
    private let writer = ANSIWriter(mode: .truecolor)
    /// Counts layouts: pictures made for an earlier one are drawn anew.
    private var generation = 0
    private var needsClear = true
    private var shownStatus: ScreenText?
    /// The last picture presented (left on the normal screen after playing).
    public private(set) var lastPicture: PixelPicture?

    public init(
        screen: NCursesScreen, output: any GraphicsOutput, background: RGBA?, upscale: Bool,
        terminalScales: Bool, area: (columns: Int, rows: Int)?, fallbackCell: PixelSize
    ) {
        self.screen = screen
        self.output = output
        self.renderer = PixelRenderer(background: background, upscale: upscale, terminalScales: terminalScales)
        self.area = area
        self.fallbackCell = fallbackCell
    }

    public var bytesWritten: Int { screen.bytesWritten }

    /// The cell size pictures are made for.
    public var cellPixels: PixelSize { screen.size.cellPixels ?? fallbackCell }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, file: Int, index: Int, statusLine: Bool
    ) -> PixelPicture {
        let size = screen.size
        let rows = max(1, size.rows - 1)
        let cell = cellPixels
        return renderer.render(
            image, serial: serial, change: change,
            frame: FrameIdentity(file: file, index: index, generation: generation),
            areaColumns: min(
                size.columns, area?.columns ?? size.columns, maximumPixels.map { $0.width / cell.width } ?? .max),
            areaRows: min(rows, area?.rows ?? rows, maximumPixels.map { $0.height / cell.height } ?? .max),
            cellWidth: cell.width, cellHeight: cell.height)
    }

    public func cost(of prepared: PixelPicture) -> Int {
        prepared.memoryCost
    }

    public func present(_ prepared: PixelPicture, status: PlaybackStatus?) {
        lastPicture = prepared
        var bytes = screen.frameStart
        if needsClear || prepared.frame.generation != generation {
            bytes += ControlSequence.resetAttributes + ControlSequence.clearScreen
            output.invalidate()
            shownStatus = nil
            needsClear = false
        }
        output.draw(prepared, into: &bytes)
        var status = status
        status?.link = screen.link.report
        let statusRow = max(0, screen.size.rows - 1)
        // One column short of the corner, which cannot be written without scrolling.
        let text = status?.text(width: max(0, screen.size.columns - 1)).fitted(to: max(0, screen.size.columns - 1))
        if let text {
            writer.appendStatus(text, replacing: shownStatus, row: statusRow, into: &bytes)
        } else if shownStatus != nil {
            writer.appendClearRow(statusRow, into: &bytes)
        }
        shownStatus = text
        bytes += screen.frameEnd
        screen.present(bytes: bytes)
    }

    /// The last frame as the output draws it at the cursor, to print once the terminal is given
    /// back, so it stays on the normal screen.
    public var lastFrameBytes: [UInt8]? {
        lastPicture.map { output.still($0) }
    }

    public var outputError: WriteError? { screen.outputError }

    public func readiness(at now: Duration) -> Duration? {
        screen.link.readiness(at: now)
    }

    public func refresh() {
        screen.refreshSize()
        generation += 1
        needsClear = true
    }

    /// Frees what the terminal keeps of tview's pictures: before it is given back.
    public func release() {
        var bytes: [UInt8] = []
        output.release(into: &bytes)
        if !bytes.isEmpty { screen.present(bytes: bytes) }
    }

    public func suspend() {
        release()
        screen.stopUntilContinued()
        needsClear = true
    }
}
