/// Every escape sequence tview sends to a terminal is made here: the cursor, the screen, the pen
/// (ECMA-48 and xterm's control sequences), the start-up questions, and the envelopes of the
/// pixel protocols (kitty's APC, sixel's and tmux's DCS, iTerm2's OSC). Writers elsewhere
/// (the cell writer, the sinks, the pixel outputs, the signal handler's restore) append these
/// and never spell an escape themselves; a test holds the sources to it. Rows and columns are
/// 0-based here and 1-based on the wire.
public enum ControlSequence {
    /// ESC, which starts every sequence (and which the input side reads as the Esc key).
    public static let escape: UInt8 = 0x1B
    /// ST, the string terminator that ends APC, DCS and OSC strings.
    public static let stringTerminator: [UInt8] = [escape, UInt8(ascii: "\\")]

    // MARK: cursor and screen

    /// Appends CUP to a cell, leaving out parameters that are 1.
    @inlinable @inline(__always)
    public static func appendCursorPosition<Sink: ByteSink>(row: Int, column: Int, into out: inout Sink) {
        appendIntroducer(into: &out)
        if row > 0 { appendDecimal(row + 1, to: &out) }
        if column > 0 {
            out.append(UInt8(ascii: ";"))
            appendDecimal(column + 1, to: &out)
        }
        out.append(UInt8(ascii: "H"))
    }

    /// CUP with both parameters spelled out.
    public static func cursorPosition(row: Int, column: Int) -> [UInt8] { csi("\(row + 1);\(column + 1)H") }

    /// Appends CUF: `columns` to the right on the same row.
    @inlinable @inline(__always)
    public static func appendCursorForward<Sink: ByteSink>(_ columns: Int, into out: inout Sink) {
        appendIntroducer(into: &out)
        if columns > 1 { appendDecimal(columns, to: &out) }
        out.append(UInt8(ascii: "C"))
    }

    /// CUD (down) or CUU (up) by `rows` (negative: up), the column kept; nothing for 0.
    @inlinable
    public static func appendCursorVertical<Sink: ByteSink>(_ rows: Int, into out: inout Sink) {
        guard rows != 0 else { return }
        appendIntroducer(into: &out)
        if abs(rows) > 1 { appendDecimal(abs(rows), to: &out) }
        out.append(UInt8(ascii: rows > 0 ? "B" : "A"))
    }

    /// CHA: to `column` (0-based) of the cursor's row.
    @inlinable
    public static func appendCursorColumn<Sink: ByteSink>(_ column: Int, into out: inout Sink) {
        appendIntroducer(into: &out)
        if column > 0 { appendDecimal(column + 1, to: &out) }
        out.append(UInt8(ascii: "G"))
    }

    /// CUU then carriage return: `rows` up, to the first column.
    public static func cursorUpToLineStart(_ rows: Int) -> [UInt8] { csi("\(rows)A") + [0x0D] }

    /// The cursor to the top left, and every cell cleared.
    public static let clearScreen = csi("H") + csi("2J")
    /// The row the cursor is on cleared, and from the cursor to its end.
    public static let clearRow = csi("2K")
    /// DECSC and DECRC: the cursor (and pen) saved and put back, for drawing somewhere and
    /// leaving the cursor where it was.
    public static let saveCursor: [UInt8] = [escape, UInt8(ascii: "7")]
    public static let restoreCursor: [UInt8] = [escape, UInt8(ascii: "8")]
    /// ECH: `count` cells from the cursor blanked, the cursor kept.
    public static func eraseCharacters(_ count: Int) -> [UInt8] { csi("\(count)X") }
    /// Plain colours, then every cell of `rows` x `columns` from screen `row`, `column` (from 0)
    /// erased: a placed picture's rectangle made blank in the terminal's own colours.
    public static func eraseRectangle(rows: Int, columns: Int, row: Int, column: Int) -> [UInt8] {
        var bytes = resetAttributes
        for line in 0..<rows {
            bytes += cursorPosition(row: row + line, column: column) + eraseCharacters(columns)
        }
        return bytes
    }
    public static let clearToEndOfRow = csi("K")
    /// ED 0: from the cursor to the end of the screen (text and, in sixel terminals, pixels).
    public static let eraseBelow = csi("J")
    public static let hideCursor = csi("?25l")
    public static let showCursor = csi("?25h")
    public static let leaveAlternateScreen = csi("?1049l")
    /// Cursor keys and the keypad back to what they send in a shell (DECCKM off, DECKPNM): the
    /// terminal's `rmkx`, which ncurses' keypad mode set.
    public static let normalKeypad = csi("?1l") + [escape, UInt8(ascii: ">")]
    /// Begin and end synchronized output (DEC mode 2026): a terminal that knows it shows the
    /// frame at once; others ignore it.
    public static let beginSynchronized = csi("?2026h")
    public static let endSynchronized = csi("?2026l")

    // MARK: the pen (SGR)

    public static let resetAttributes = csi("0m")
    /// A 24-bit foreground colour (kitty's placeholders carry an image id in it).
    public static func foreground(red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
        csi("38;2;\(red);\(green);\(blue)m")
    }
    public static let reverseVideo = csi("7m")
    public static let faint = csi("2m")

    /// Appends the start of an SGR sequence; colour parameters and `m` follow.
    @inlinable @inline(__always)
    public static func appendIntroducer<Sink: ByteSink>(into out: inout Sink) {
        out.append(0x1B)  // `escape`, spelt out: a stored property is reached through its accessor across modules
        out.append(UInt8(ascii: "["))
    }

    // MARK: questions

    /// DSR 5: the terminal answers `CSI 0 n` once it has read everything before it (pacing).
    public static let statusReport = csi("5n")
    /// DA1: every terminal answers it, so it ends a round of questions.
    public static let deviceAttributes = csi("c")
    /// XTVERSION: the terminal's name and version.
    public static let terminalVersion = csi(">0q")
    /// XTWINOPS 16 and 14: a cell's size and the text area's, in pixels.
    public static let cellSizeQuery = csi("16t")
    public static let areaSizeQuery = csi("14t")
    /// XTSMGRAPHICS: the largest sixel image.
    public static let sixelMaximumQuery = csi("?2;1;0S")
    /// DECRQM 2026: whether synchronized output is known.
    public static let synchronizedOutputQuery = csi("?2026$p")
    /// OSC 10 and 11: the default foreground and background colours.
    public static let foregroundQuery = osc("10;?")
    public static let backgroundQuery = osc("11;?")

    // MARK: pixel protocols

    /// A kitty graphics command: `control` keys, then `payload` (base64) when there is one.
    public static func kittyGraphics(_ control: String, payload: ArraySlice<UInt8>? = nil) -> [UInt8] {
        var out: [UInt8] = [escape, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(control.utf8)
        if let payload {
            out.append(UInt8(ascii: ";"))
            out += payload
        }
        return out + stringTerminator
    }

    /// The start of a kitty graphics command whose payload the caller appends, then ends with
    /// `stringTerminator`.
    public static func kittyGraphicsStart(_ control: String) -> [UInt8] {
        [escape, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(control.utf8) + [UInt8(ascii: ";")]
    }

    /// The start of a sixel image (DCS with `parameters`, then `q`); sixel data and
    /// `stringTerminator` follow.
    public static func sixelStart(_ parameters: String) -> [UInt8] {
        [escape, UInt8(ascii: "P")] + Array(parameters.utf8) + [UInt8(ascii: "q")]
    }

    /// The start of a sequence tmux passes on to its own terminal (every ESC inside doubled,
    /// then `stringTerminator`).
    public static let tmuxPassthroughStart: [UInt8] = [escape] + Array("Ptmux;".utf8)

    /// The start of an iTerm2 inline file (OSC 1337) with its `arguments`; `:`, the base64 data
    /// and BEL follow.
    public static func iTerm2FileStart(_ arguments: String) -> [UInt8] {
        osc("1337;File=" + arguments, terminated: false)
    }

    // MARK: building blocks

    /// CSI `body`.
    public static func csi(_ body: String) -> [UInt8] { [escape, UInt8(ascii: "[")] + Array(body.utf8) }

    /// OSC `body`, ended by ST unless told not to.
    public static func osc(_ body: String, terminated: Bool = true) -> [UInt8] {
        [escape, UInt8(ascii: "]")] + Array(body.utf8) + (terminated ? stringTerminator : [])
    }

    /// A non-negative number in decimal: 0…999 a byte at a time (a table of arrays cost a
    /// retain and release per number: 5 % of playing's CPU), larger ones through a String.
    @inlinable @inline(__always)
    public static func appendDecimal<Sink: ByteSink>(_ value: Int, to out: inout Sink) {
        guard value < 1000 else {
            for byte in String(value).utf8 { out.append(byte) }
            return
        }
        let zero = UInt8(ascii: "0")
        if value >= 100 { out.append(zero + UInt8(value / 100)) }
        if value >= 10 { out.append(zero + UInt8(value / 10 % 10)) }
        out.append(zero + UInt8(value % 10))
    }
}
