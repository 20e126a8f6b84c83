public import Graphics
public import Picture

/// Turns cell grids into ANSI escape sequences: the bytes tview sends to a terminal (one write per
/// frame) and to a pipe. Colours are sent only when they change; cursor moves take the shorter of
/// an absolute and a relative form; nothing is allocated per cell.
public struct ANSIWriter: Sendable {
    public let mode: ColorMode

    /// Frames in `mode`; they go out in a synchronized update, where the terminal takes one,
    /// by `FrameWriter`, the only place that begins and ends one.
    public init(mode: ColorMode) {
        self.mode = mode
    }
    private static let reset = ControlSequence.resetAttributes
    private static let clearScreen = ControlSequence.clearScreen

    /// The grid as lines of text (no cursor addressing), each ending with a colour reset and a
    /// newline: what `tview x.gif > out.txt` writes, so `cat out.txt` shows the picture.
    /// With `tolerance`, colours that close to the pen's are drawn with the pen's (fewer bytes).
    public func lines(_ grid: CellGrid, tolerance: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(grid.rows * grid.columns * 24 + grid.rows * 8)
        for row in 0..<grid.rows {
            var pen = Pen()
            for column in 0..<grid.columns {
                let cell = Self.drawable(grid.cells[row * grid.columns + column], pen: pen, tolerance: tolerance)
                emit(cell, pen: &pen, into: &out)
            }
            out += Self.reset
            out.append(0x0A)
        }
        return out
    }

    /// The bytes that turn a screen showing `previous` into one showing `current`. With no
    /// previous grid, or one of another geometry, the screen is cleared and drawn in full;
    /// otherwise only changed cells are written.
    public func update(from previous: CellGrid?, to current: CellGrid) -> [UInt8] {
        var out: [UInt8] = []
        update(from: previous, to: current, into: &out)
        return out
    }

    /// Like `update(from:to:into:)`, but colours within `tolerance` per channel count as the
    /// same: a cell that changed that little from what is on screen is left as it is, and a cell
    /// whose colour is that close to the pen's current one is drawn with the pen's, so no colour
    /// sequence is sent. Shimmer and gradients no one can see cost no bytes. `displayed` is what
    /// the screen shows afterwards; tolerance 0 is exact. With `palette256`, truecolor cells go
    /// out as their nearest 256-colour cells (a third of the bytes, for saturated links).
    ///
    /// `inPlace`: the grid is where the cursor's line is not known (inline, in the scrollback),
    /// already drawn there with the same geometry: the cursor starts and ends at the start of the
    /// line below it, rows are reached by relative moves and the grid's origin is ignored.
    public func update(
        displayed: inout CellGrid?, to current: CellGrid, tolerance: Int, palette256: Bool = false,
        inPlace: Bool = false,
        into out: inout [UInt8]
    ) {
        let diff = displayed.map { $0.hasSameGeometry(as: current) } ?? false
        precondition(diff || !inPlace, "an inline picture is updated only in its own geometry")
        // Taken, not copied: `displayed` gets the result back below.
        var shown =
            diff
            ? displayed.take()!
            : CellGrid(
                rows: current.rows, columns: current.columns, originRow: current.originRow,
                originColumn: current.originColumn)
        var pen = Pen()
        var cursorRow = inPlace ? current.rows : -1
        var cursorColumn = inPlace ? 0 : -1
        let originRow = inPlace ? 0 : current.originRow
        let originColumn = inPlace ? 0 : current.originColumn
        // Written in place into memory as large as a frame can take (`frameBound`), then copied
        // into the caller's array (reused every frame): only the bytes written are touched.
        let bound = Self.frameBound(current, originRow: originRow, originColumn: originColumn)
        out.removeAll(keepingCapacity: true)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
            var bytes = BoundedByteWriter(buffer)
            if !diff {
                bytes.append(contentsOf: Self.reset)
                bytes.append(contentsOf: Self.clearScreen)
            }
            current.cells.withUnsafeBufferPointer { cells in
                shown.cells.withUnsafeMutableBufferPointer { screen in
                    for row in 0..<current.rows {
                        let start = row * current.columns
                        for column in 0..<current.columns {
                            let index = start + column
                            let wanted = palette256 ? cells[index].inPalette256 : cells[index]
                            if Self.close(screen[index], wanted, tolerance) { continue }
                            let cell = Self.drawable(wanted, pen: pen, tolerance: tolerance)
                            let targetRow = originRow + row
                            let targetColumn = originColumn + column
                            if cursorRow != targetRow || cursorColumn != targetColumn {
                                moveCursor(
                                    fromRow: cursorRow, column: cursorColumn, toRow: targetRow, column: targetColumn,
                                    relative: inPlace, into: &bytes)
                            }
                            emit(cell, pen: &pen, into: &bytes)
                            screen[index] = cell
                            cursorRow = targetRow
                            cursorColumn = targetColumn + 1
                        }
                    }
                }
            }
            bytes.append(contentsOf: Self.reset)
            if inPlace {
                // Back to the start of the line below: where an interrupted run leaves the cursor.
                ControlSequence.appendCursorVertical(current.rows - cursorRow, into: &bytes)
                bytes.append(0x0D)
            }
            out.append(
                contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: bytes.next - buffer.baseAddress!))
        }
        displayed = shown
    }

    /// The most bytes `update` writes for `grid`: the reset and the clear, and for every cell a
    /// cursor move (the longer, relative form: two sequences of a number each), both colours in
    /// truecolor (`38;2;255;255;255`, 16 bytes each) and a four-byte character, then the reset and
    /// the move back below an inline picture.
    private static func frameBound(_ grid: CellGrid, originRow: Int, originColumn: Int) -> Int {
        let largest = max(originRow + grid.rows, originColumn + grid.columns, grid.rows) + 1
        let digits = String(largest).utf8.count
        let move = 2 * (3 + digits)
        let colours = 2 + 16 + 1 + 16 + 1
        let fixed = 2 * reset.count + clearScreen.count + 4 + digits
        return fixed + grid.rows * grid.columns * (move + colours + 4)
    }

    /// `cell` as it is cheapest to draw after `pen`: ▀ over colours (a, b) looks the same as ▄
    /// over (b, a), so take the one whose colours the pen already has; with a tolerance, keep the
    /// pen's colours where they are that close.
    @inline(__always)
    private static func drawable(_ wanted: Cell, pen: Pen, tolerance: Int) -> Cell {
        var cell = wanted
        if cell.glyph == .upperHalf || cell.glyph == .lowerHalf, cell.background != .default,
            penCost(pen, cell, tolerance) > penCost(pen, cell.flipped, tolerance)
        {
            cell = cell.flipped
        }
        guard tolerance > 0 else { return cell }
        if cell.glyph != .space, let foreground = pen.foreground, close(foreground, cell.foreground, tolerance) {
            cell.foreground = foreground
        }
        if let background = pen.background, close(background, cell.background, tolerance) {
            cell.background = background
        }
        return cell
    }

    /// How many colours the pen would have to change to draw `cell`.
    @inline(__always)
    private static func penCost(_ pen: Pen, _ cell: Cell, _ tolerance: Int) -> Int {
        (pen.foreground.map { close($0, cell.foreground, tolerance) } == true ? 0 : 1)
            + (pen.background.map { close($0, cell.background, tolerance) } == true ? 0 : 1)
    }

    /// Same glyph, and colours within `tolerance` per channel (the foreground of a space does
    /// not count: it shows nowhere).
    @inline(__always)
    static func close(_ a: Cell, _ b: Cell, _ tolerance: Int) -> Bool {
        if a.glyph != b.glyph {
            // ▄ over (b, a) is the picture ▀ over (a, b).
            guard a.glyph == b.flipped.glyph, a.glyph != .space else { return false }
            return sameHalves(a, b.flipped, tolerance)
        }
        return sameHalves(a, b, tolerance)
    }

    @inline(__always)
    private static func sameHalves(_ a: Cell, _ b: Cell, _ tolerance: Int) -> Bool {
        return close(a.background, b.background, tolerance)
            && (a.glyph == .space || close(a.foreground, b.foreground, tolerance))
    }

    @inline(__always)
    private static func close(_ a: TermColor, _ b: TermColor, _ tolerance: Int) -> Bool {
        switch (a, b) {
        case (.rgb(let r1, let g1, let b1), .rgb(let r2, let g2, let b2)):
            return abs(Int(r1) - Int(r2)) <= tolerance && abs(Int(g1) - Int(g2)) <= tolerance
                && abs(Int(b1) - Int(b2)) <= tolerance
        default:
            return a == b
        }
    }

    /// `update(from:to:)` into `out` (cleared first), leaving the synchronized frame open so a
    /// caller can add a status line before `finish`.
    public func update(from previous: CellGrid?, to current: CellGrid, into out: inout [UInt8]) {
        var displayed = previous
        update(displayed: &displayed, to: current, tolerance: 0, into: &out)
    }

    /// Appends a status line: `text` in reverse video on `row` (0-based), the rest of the row
    /// cleared.
    public func appendStatus(_ text: ScreenText, row: Int, into out: inout [UInt8]) {
        ControlSequence.appendCursorPosition(row: row, column: 0, into: &out)
        out += Self.reset
        out += ControlSequence.clearToEndOfRow
        out += ControlSequence.reverseVideo
        out += text.bytes
        out += Self.reset
    }

    /// Appends the status line `text` where the row shows `shown` (nil: unknown): only the stretch
    /// from the first to the last character that differ, when every character up to there takes
    /// one column (a frame counter that moves rewrites a few characters, not the row: most of
    /// what later loops of a kept animation cost); else the whole row.
    public func appendStatus(_ text: ScreenText, replacing shown: ScreenText?, row: Int, into out: inout [UInt8]) {
        guard let shown, shown != text else {
            if shown == nil { appendStatus(text, row: row, into: &out) }
            return
        }
        let old = Array(shown.description.unicodeScalars), new = Array(text.description.unicodeScalars)
        guard old.count == new.count, let first = new.indices.first(where: { old[$0] != new[$0] }),
            let last = new.indices.last(where: { old[$0] != new[$0] }),
            old[...last].allSatisfy(Self.isNarrow), new[...last].allSatisfy(Self.isNarrow)
        else {
            appendStatus(text, row: row, into: &out)
            return
        }
        ControlSequence.appendCursorPosition(row: row, column: first, into: &out)
        out += Self.reset
        out += ControlSequence.reverseVideo
        var changed = String.UnicodeScalarView()
        changed.append(contentsOf: new[first...last])
        out += Array(String(changed).utf8)
        out += Self.reset
    }

    /// One column wide in every terminal tview targets: Latin, Greek, Cyrillic, punctuation,
    /// arrows, box drawing and geometric shapes; not East Asian wide characters or emoji.
    private static func isNarrow(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && (scalar.value < 0x1100 || (0x2000...0x2BFF).contains(scalar.value))
    }

    /// Appends moving the cursor `rows` up, to the first column (back over the last frame).
    public func appendCursorUp(_ rows: Int, into out: inout [UInt8]) {
        out += ControlSequence.cursorUpToLineStart(rows)
    }

    /// Appends clearing row `row` (0-based).
    public func appendClearRow(_ row: Int, into out: inout [UInt8]) {
        ControlSequence.appendCursorPosition(row: row, column: 0, into: &out)
        out += Self.reset
        out += ControlSequence.clearRow
    }

    /// The current colours of the terminal's pen, as far as this writer knows them.
    private struct Pen {
        var foreground: TermColor? = nil
        var background: TermColor? = nil
    }

    @inline(__always)
    private func emit<Sink: ByteSink>(_ cell: Cell, pen: inout Pen, into out: inout Sink) {
        // A space shows no foreground: leave the pen's foreground as it is.
        let setForeground = cell.glyph != .space && pen.foreground != cell.foreground
        let setBackground = pen.background != cell.background
        if setForeground || setBackground {
            ControlSequence.appendIntroducer(into: &out)
            if setForeground {
                append(cell.foreground, isBackground: false, to: &out)
                pen.foreground = cell.foreground
            }
            if setBackground {
                if setForeground { out.append(UInt8(ascii: ";")) }
                append(cell.background, isBackground: true, to: &out)
                pen.background = cell.background
            }
            out.append(UInt8(ascii: "m"))
        }
        switch cell.glyph {
        case .space: out.append(0x20)
        case .upperHalf: out.append(0xE2); out.append(0x96); out.append(0x80)
        case .lowerHalf: out.append(0xE2); out.append(0x96); out.append(0x84)
        case .fullBlock: out.append(0xE2); out.append(0x96); out.append(0x88)
        case .mosaic(let scalar): Self.appendUTF8(scalar, to: &out)
        }
    }

    /// A block character (three bytes, four for sextants) without making a String.
    @inline(__always)
    private static func appendUTF8<Sink: ByteSink>(_ scalar: Unicode.Scalar, to out: inout Sink) {
        let value = scalar.value
        if value < 0x10000 {
            out.append(UInt8(0xE0 | value >> 12))
            out.append(UInt8(0x80 | (value >> 6) & 0x3F))
            out.append(UInt8(0x80 | value & 0x3F))
        } else {
            out.append(UInt8(0xF0 | value >> 18))
            out.append(UInt8(0x80 | (value >> 12) & 0x3F))
            out.append(UInt8(0x80 | (value >> 6) & 0x3F))
            out.append(UInt8(0x80 | value & 0x3F))
        }
    }

    @inline(__always)
    private func append<Sink: ByteSink>(_ color: TermColor, isBackground: Bool, to out: inout Sink) {
        let lead = isBackground ? UInt8(ascii: "4") : UInt8(ascii: "3")
        switch color {
        case .default:
            out.append(lead)
            out.append(UInt8(ascii: "9"))
        case .rgb(let r, let g, let b):
            out.append(lead)
            out.append(UInt8(ascii: "8"))
            out.append(UInt8(ascii: ";"))
            out.append(UInt8(ascii: "2"))
            out.append(UInt8(ascii: ";"))
            ControlSequence.appendDecimal(Int(r), to: &out)
            out.append(UInt8(ascii: ";"))
            ControlSequence.appendDecimal(Int(g), to: &out)
            out.append(UInt8(ascii: ";"))
            ControlSequence.appendDecimal(Int(b), to: &out)
        case .indexed(let index):
            if (mode == .palette16 || mode == .palette8) && index < 16 {
                if index < 8 {
                    out.append(lead)
                } else if isBackground {
                    out.append(UInt8(ascii: "1"))
                    out.append(UInt8(ascii: "0"))
                } else {
                    out.append(UInt8(ascii: "9"))
                }
                out.append(UInt8(ascii: "0") + index % 8)
            } else {
                out.append(lead)
                out.append(UInt8(ascii: "8"))
                out.append(UInt8(ascii: ";"))
                out.append(UInt8(ascii: "5"))
                out.append(UInt8(ascii: ";"))
                ControlSequence.appendDecimal(Int(index), to: &out)
            }
        }
    }

    /// Moves the cursor (0-based) by the shortest sequence this writer knows: CUF on the same
    /// row, else CUP.
    @inline(__always)
    /// `relative`: rows by relative moves (the screen row is not known), columns by number.
    private func moveCursor<Sink: ByteSink>(
        fromRow: Int, column fromColumn: Int, toRow: Int, column toColumn: Int, relative: Bool,
        into out: inout Sink
    ) {
        if fromRow == toRow && toColumn > fromColumn {
            ControlSequence.appendCursorForward(toColumn - fromColumn, into: &out)
            return
        }
        guard relative else {
            ControlSequence.appendCursorPosition(row: toRow, column: toColumn, into: &out)
            return
        }
        ControlSequence.appendCursorVertical(toRow - fromRow, into: &out)
        ControlSequence.appendCursorColumn(toColumn, into: &out)
    }
}
