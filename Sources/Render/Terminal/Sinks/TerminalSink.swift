public import Decode
public import Picture
public import Playback

/// The interactive terminal as the player's frame sink: frames are fitted to the screen less the
/// status line, drawn through `NCursesScreen`.
public final class TerminalSink: FrameSink {
    private let screen: NCursesScreen
    private var renderer: GridRenderer
    /// An area smaller than the terminal (`--size`), if asked for.
    private let area: (columns: Int, rows: Int)?

    public init(screen: NCursesScreen, builder: CellGridBuilder, upscale: Bool, area: (columns: Int, rows: Int)?) {
        self.screen = screen
        self.renderer = GridRenderer(builder: builder, upscale: upscale)
        self.area = area
    }

    public var bytesWritten: Int { screen.bytesWritten }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, file: Int, index: Int, statusLine: Bool
    ) -> CellGrid {
        let size = screen.size
        let rows = max(1, size.rows - (statusLine ? 1 : 0))
        let columns = min(size.columns, area?.columns ?? size.columns)
        return renderer.render(
            image, serial: serial, change: change, columns: columns, rows: min(rows, area?.rows ?? rows),
            cellAspect: size.cellAspect)
    }

    public func cost(of prepared: CellGrid) -> Int {
        prepared.memoryCost
    }

    /// The last grid presented (for leaving the last frame on the normal screen).
    public private(set) var lastGrid: CellGrid?

    /// The last frame as text to print once the terminal is given back, so it stays on the normal
    /// screen: in the colours it was shown in (the 256-colour palette while the link had
    /// stepped down), with the screen's colour tolerance.
    public var lastFrameText: [UInt8]? {
        guard let lastGrid else { return nil }
        return TextFrame.bytes(
            screen.steppedDown ? lastGrid.inPalette256 : lastGrid, mode: screen.mode, tolerance: screen.colorTolerance)
    }

    public func present(_ prepared: CellGrid, status: PlaybackStatus?) {
        lastGrid = prepared
        var status = status
        status?.link = screen.link.report
        // One column short of the corner, which cannot be written without scrolling.
        screen.present(prepared, status: status?.text(width: max(0, screen.size.columns - 1)))
    }

    public var outputError: WriteError? { screen.outputError }

    public func readiness(at now: Duration) -> Duration? {
        screen.link.readiness(at: now)
    }

    public func refresh() {
        screen.refreshSize()
    }

    public func suspend() {
        screen.stopUntilContinued()
    }
}
