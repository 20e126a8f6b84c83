import Picture

/// Cells as tview's own ANSI text: the diff from what is on screen (`ANSIWriter`), the status
/// line, for one frame (`FrameWriter` puts it in its envelope). About half the CPU and three quarters of the bytes of ncurses'
/// drawing.
final class ANSICellDrawing: CellDrawing {
    private var writer: ANSIWriter
    /// What the screen shows (nil: unknown, draw everything).
    private var front: CellGrid?
    private var shownStatus: ScreenText?
    /// Truecolor cells that change by at most this much per channel are not redrawn.
    var colorTolerance = 0
    /// Truecolor goes out as the 256-colour palette (a saturated link).
    var palette256 = false

    init(mode: ColorMode) {
        writer = ANSIWriter(mode: mode)
    }

    func draw(_ grid: CellGrid, status: ScreenText?, statusRow: Int, width: Int, into bytes: inout [UInt8]) {
        let full = front.map { !$0.hasSameGeometry(as: grid) } ?? true
        writer.update(displayed: &front, to: grid, tolerance: colorTolerance, palette256: palette256, into: &bytes)
        let line = status?.fitted(to: width)
        if let line {
            writer.appendStatus(line, replacing: full ? nil : shownStatus, row: statusRow, into: &bytes)
        } else if shownStatus != nil && !full {
            writer.appendClearRow(statusRow, into: &bytes)
        }
        shownStatus = line
    }

    func invalidate() {
        front = nil
    }

    func frameSent() {}
}
