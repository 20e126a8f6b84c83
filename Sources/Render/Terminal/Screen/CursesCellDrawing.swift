internal import CNcurses
import Picture

/// Cells drawn by ncurses: wide characters in managed colour pairs (none in use on screen is
/// ever redefined, see `ColorPairPool`), shown by the screen's doupdate.
final class CursesCellDrawing: CellDrawing {
    private let mode: ColorMode
    /// ncurses numbers colours 0xRRGGBB (a direct-colour terminfo entry).
    private let direct: Bool
    private var pool: ColorPairPool
    private var front: CellGrid?
    private var pairsOnScreen: [Int32] = []
    private var shownStatus: ScreenText?

    init(mode: ColorMode, direct: Bool) {
        self.mode = mode
        self.direct = direct
        let capacity = mode == .mono ? 1 : Int(tview_color_pairs())
        pool = ColorPairPool(capacity: capacity) { pair, foreground, background in
            init_extended_pair(pair, foreground, background)
        }
    }

    func draw(_ grid: CellGrid, status: ScreenText?, statusRow: Int, width: Int, into bytes: inout [UInt8]) {
        let full = front.map { !$0.hasSameGeometry(as: grid) } ?? true
        if full {
            for pair in pairsOnScreen { pool.release(pair) }
            pairsOnScreen = [Int32](repeating: 0, count: grid.cells.count)
            werase(tview_stdscr())
            clearok(tview_curscr(), true)
            shownStatus = nil
        } else if status == nil && shownStatus != nil {
            // The status line was hidden: clear its row before cells may be drawn there.
            drawStatus(nil, row: statusRow, width: width)
        }
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let index = row * grid.columns + column
                let cell = grid.cells[index]
                if !full, let front, front.cells[index] == cell { continue }
                let pair = pairFor(cell)
                pool.release(pairsOnScreen[index])
                pairsOnScreen[index] = pair
                _ = tview_put_cell(
                    CInt(grid.originRow + row), CInt(grid.originColumn + column), Self.wide(cell.glyph), CInt(pair))
            }
        }
        front = grid
        if let status, full || status != shownStatus {
            drawStatus(status, row: statusRow, width: width)
        }
    }

    func invalidate() {
        front = nil
    }

    func frameSent() {
        pool.commit()
    }

    /// The status line on its row, padded to the width.
    private func drawStatus(_ status: ScreenText?, row: Int, width: Int) {
        shownStatus = status
        tview_put_status(CInt(row), status?.fitted(to: width).description)
    }

    private func pairFor(_ cell: Cell) -> Int32 {
        guard mode != .mono else { return 0 }
        let foreground = cell.glyph == .space ? -1 : number(cell.foreground)
        let background = number(cell.background)
        if foreground == -1 && background == -1 { return 0 }
        return pool.acquire(foreground: foreground, background: background) { color in
            guard color >= 8 else { return color }
            let rgb =
                self.direct
                ? (UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF))
                : XtermPalette.rgb(UInt8(clamping: color))
            return Int32(XtermPalette.nearestSystem(Int(rgb.0), Int(rgb.1), Int(rgb.2), count: 8))
        }
    }

    /// ncurses' colour number: -1 for default, a palette index, or on a direct-colour terminal
    /// 0xRRGGBB (never below 8: direct terminfo entries read 0…7 as palette colours).
    private func number(_ color: TermColor) -> Int32 {
        switch color {
        case .default:
            return -1
        case .indexed(let index):
            guard direct, index >= 8 else { return Int32(index) }
            let (r, g, b) = XtermPalette.rgb(index)
            return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        case .rgb(let r, let g, let b):
            guard direct else { return Int32(XtermPalette.nearest256(Int(r), Int(g), Int(b))) }
            return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        }
    }

    private static func wide(_ glyph: Glyph) -> wchar_t {
        wchar_t(glyph.character.unicodeScalars.first!.value)
    }
}
