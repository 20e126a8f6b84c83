/// Turns cell grids into ANSI escape sequences, for output that does not go through ncurses
/// (standard output that is not a terminal) and for checking what a diff does. Colours are sent
/// only when they change; cursor moves take the shorter of an absolute and a relative form.
public struct ANSIWriter: Sendable {
    public let mode: ColorMode

    public init(mode: ColorMode) {
        self.mode = mode
    }

    /// Begin/end synchronized output (DEC mode 2026): a terminal that knows it shows the frame
    /// at once; others ignore it.
    public static let beginSynchronized: [UInt8] = Array("\u{1B}[?2026h".utf8)
    public static let endSynchronized: [UInt8] = Array("\u{1B}[?2026l".utf8)
    static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

    /// The grid as lines of text (no cursor addressing), each ending with a colour reset and a
    /// newline: what `tview x.gif > out.txt` writes, so `cat out.txt` shows the picture.
    public func lines(_ grid: CellGrid) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(grid.rows * grid.columns * 20)
        for row in 0..<grid.rows {
            var pen = Pen()
            for column in 0..<grid.columns {
                emit(grid[row, column], pen: &pen, into: &out)
            }
            out += Self.reset
            out.append(0x0A)
        }
        return out
    }

    /// The bytes that turn a screen showing `previous` into one showing `current`. With no
    /// previous grid, or one of another geometry, the screen is cleared and drawn in full;
    /// otherwise only changed cells are written. The whole update is one synchronized frame.
    public func update(from previous: CellGrid?, to current: CellGrid) -> [UInt8] {
        var out = Self.beginSynchronized
        let diff = previous.map { $0.hasSameGeometry(as: current) } ?? false
        if !diff {
            out += Self.reset
            out += Array("\u{1B}[H\u{1B}[2J".utf8)
        }
        var pen = Pen()
        var cursor: (row: Int, column: Int)? = nil
        for row in 0..<current.rows {
            for column in 0..<current.columns {
                let cell = current[row, column]
                if diff, let previous, previous[row, column] == cell { continue }
                if !diff && cell == .blank { continue }  // the clear already drew it
                let target = (row: current.originRow + row, column: current.originColumn + column)
                moveCursor(from: cursor, to: target, into: &out)
                emit(cell, pen: &pen, into: &out)
                cursor = (target.row, target.column + 1)
            }
        }
        out += Self.reset
        out += Self.endSynchronized
        return out
    }

    /// The current colours of the terminal's pen, as far as this writer knows them.
    private struct Pen {
        var foreground: TermColor? = nil
        var background: TermColor? = nil
    }

    private func emit(_ cell: Cell, pen: inout Pen, into out: inout [UInt8]) {
        var parameters: [UInt8] = []
        // A space shows no foreground: leave the pen's foreground as it is.
        if cell.glyph != .space, pen.foreground != cell.foreground {
            append(cell.foreground, isBackground: false, to: &parameters)
            pen.foreground = cell.foreground
        }
        if pen.background != cell.background {
            if !parameters.isEmpty { parameters.append(UInt8(ascii: ";")) }
            append(cell.background, isBackground: true, to: &parameters)
            pen.background = cell.background
        }
        if !parameters.isEmpty {
            out += [0x1B, UInt8(ascii: "[")]
            out += parameters
            out.append(UInt8(ascii: "m"))
        }
        out += cell.glyph.utf8
    }

    private func append(_ color: TermColor, isBackground: Bool, to out: inout [UInt8]) {
        switch color {
        case .default:
            out += Array((isBackground ? "49" : "39").utf8)
        case .rgb(let r, let g, let b):
            out += Array("\(isBackground ? 48 : 38);2;\(r);\(g);\(b)".utf8)
        case .indexed(let index):
            if (mode == .palette16 || mode == .palette8) && index < 16 {
                let base = index < 8 ? (isBackground ? 40 : 30) : (isBackground ? 100 : 90)
                out += Array(String(base + Int(index % 8)).utf8)
            } else {
                out += Array("\(isBackground ? 48 : 38);5;\(index)".utf8)
            }
        }
    }

    /// Moves the cursor to `target` (0-based) by the shortest sequence this writer knows.
    private func moveCursor(from cursor: (row: Int, column: Int)?, to target: (row: Int, column: Int), into out: inout [UInt8]) {
        if let cursor, cursor.row == target.row {
            if cursor.column == target.column { return }
            if target.column > cursor.column {
                let gap = target.column - cursor.column
                out += gap == 1 ? Array("\u{1B}[C".utf8) : Array("\u{1B}[\(gap)C".utf8)
                return
            }
        }
        out += Array("\u{1B}[\(target.row + 1);\(target.column + 1)H".utf8)
    }
}
