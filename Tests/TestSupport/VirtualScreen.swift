public import Picture
import Terminal

/// A small VT emulator for tests: enough of xterm to read what tview writes (and what ncurses
/// writes for xterm-direct): UTF-8 text, CUP/HVP, CUU/CUD/CUF/CUB, CHA/HPA, VPA, CR/LF/BS,
/// ED, EL, ECH, REP, SGR (default, 8/16 colours, 38/48 with 5 or 2, colon forms). Private modes,
/// charset selection and other sequences are read and ignored. Cells keep the glyph and the two
/// colours it was drawn with.
public struct VirtualScreen {
    public struct Pixel: Equatable, Sendable {
        public var character: Character = " "
        public var foreground: TermColor = .default
        public var background: TermColor = .default

        public init(character: Character = " ", foreground: TermColor = .default, background: TermColor = .default) {
            self.character = character
            self.foreground = foreground
            self.background = background
        }
    }

    public let rows: Int
    public let columns: Int
    public private(set) var cells: [Pixel]
    /// What ESC 7 saved (DECSC): the cursor and the pen.
    private var saved: (Int, Int, TermColor, TermColor)?
    private var row = 0
    private var column = 0
    private var pendingWrap = false
    private var foreground: TermColor = .default
    private var background: TermColor = .default
    private var lastCharacter: Character = " "
    private var utf8: [UInt8] = []
    /// Sequences this emulator did not understand (tests assert there are none).
    public private(set) var unknown: [String] = []

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        cells = [Pixel](repeating: Pixel(), count: rows * columns)
    }

    public subscript(row: Int, column: Int) -> Pixel { cells[row * columns + column] }

    /// Where the cursor is.
    public var cursor: (row: Int, column: Int) { (row, column) }

    public mutating func feed(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                index = escape(bytes, at: index + 1)
                continue
            }
            index += 1
            switch byte {
            case 0x0D: column = 0; pendingWrap = false
            case 0x0A: row = min(rows - 1, row + 1); pendingWrap = false
            case 0x08: column = max(0, column - 1); pendingWrap = false
            case 0x07, 0x0E, 0x0F: break
            case 0x00..<0x20: break
            default:
                utf8.append(byte)
                if let character = decoded() { put(character) }
            }
        }
    }

    private mutating func decoded() -> Character? {
        let expected = utf8[0] < 0x80 ? 1 : utf8[0] < 0xE0 ? 2 : utf8[0] < 0xF0 ? 3 : 4
        guard utf8.count >= expected else { return nil }
        let text = String(decoding: utf8, as: UTF8.self)
        utf8.removeAll()
        return text.first
    }

    private mutating func put(_ character: Character) {
        if pendingWrap {
            column = 0
            row = min(rows - 1, row + 1)
            pendingWrap = false
        }
        cells[row * columns + column] = Pixel(character: character, foreground: foreground, background: background)
        lastCharacter = character
        if column == columns - 1 { pendingWrap = true } else { column += 1 }
    }

    /// Parses the sequence after ESC; returns the index after it.
    private mutating func escape(_ bytes: [UInt8], at start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "["):
            var index = start + 1
            var parameters = ""
            while index < bytes.count, (0x20...0x3F).contains(bytes[index]) {
                parameters.unicodeScalars.append(UnicodeScalar(bytes[index]))
                index += 1
            }
            guard index < bytes.count else { return index }
            control(parameters, final: Character(UnicodeScalar(bytes[index])))
            return index + 1
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            return start + 2
        case UInt8(ascii: "]"):
            // OSC: up to BEL or ST.
            var index = start + 1
            while index < bytes.count, bytes[index] != 0x07, !(bytes[index] == 0x1B) { index += 1 }
            return bytes.indices.contains(index) && bytes[index] == 0x07 ? index + 1 : index + 2
        case UInt8(ascii: "_"), UInt8(ascii: "P"):
            // APC (kitty's graphics) and DCS (sixel): nothing on the text screen, up to ST.
            var index = start + 1
            while index + 1 < bytes.count, !(bytes[index] == 0x1B && bytes[index + 1] == UInt8(ascii: "\\")) {
                index += 1
            }
            return index + 2
        case UInt8(ascii: "7"):
            saved = (row, column, foreground, background)
            return start + 1
        case UInt8(ascii: "8"):
            if let saved { (row, column, foreground, background) = saved }
            pendingWrap = false
            return start + 1
        default:
            return start + 1  // ESC =, ESC >, ...
        }
    }

    private mutating func control(_ parameters: String, final: Character) {
        if parameters.hasPrefix("?") || parameters.hasPrefix(">") || parameters.hasPrefix("=") { return }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, _ fallback: Int) -> Int {
            guard index < numbers.count, let value = numbers[index], value > 0 else { return fallback }
            return value
        }
        switch final {
        case "H", "f":
            row = min(rows - 1, number(0, 1) - 1); column = min(columns - 1, number(1, 1) - 1); pendingWrap = false
        case "A": row = max(0, row - number(0, 1)); pendingWrap = false
        case "B": row = min(rows - 1, row + number(0, 1)); pendingWrap = false
        case "C": column = min(columns - 1, column + number(0, 1)); pendingWrap = false
        case "D": column = max(0, column - number(0, 1)); pendingWrap = false
        case "G", "`": column = min(columns - 1, number(0, 1) - 1); pendingWrap = false
        case "d": row = min(rows - 1, number(0, 1) - 1); pendingWrap = false
        case "J":
            let mode = numbers.first.flatMap { $0 } ?? 0
            let start = mode == 0 ? row * columns + column : 0
            let end = mode == 1 ? row * columns + column + 1 : rows * columns
            for i in start..<end { cells[i] = Pixel(background: background) }
        case "K":
            let mode = numbers.first.flatMap { $0 } ?? 0
            let start = mode == 0 ? column : 0
            let end = mode == 1 ? column + 1 : columns
            for c in start..<end { cells[row * columns + c] = Pixel(background: background) }
        case "X":
            for c in column..<min(columns, column + number(0, 1)) {
                cells[row * columns + c] = Pixel(background: background)
            }
        case "b":
            for _ in 0..<number(0, 1) { put(lastCharacter) }
        case "m":
            sgr(parameters)
        case "r", "l", "h", "t", "n", "c", "q":
            break
        default:
            unknown.append(parameters + String(final))
        }
    }

    private mutating func sgr(_ text: String) {
        // Colon sub-parameters (38:2::r:g:b) become one group.
        let groups =
            text.isEmpty
            ? [[0]]
            : text.split(separator: ";", omittingEmptySubsequences: false).map { group in
                group.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            }
        var index = 0
        while index < groups.count {
            let group = groups[index]
            let code = group[0]
            switch code {
            case 0: foreground = .default; background = .default
            case 39: foreground = .default
            case 49: background = .default
            case 30...37: foreground = .indexed(UInt8(code - 30))
            case 40...47: background = .indexed(UInt8(code - 40))
            case 90...97: foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: background = .indexed(UInt8(code - 100 + 8))
            case 38, 48:
                var color: TermColor = .default
                if group.count > 1 {
                    // Colon form: 38:5:n or 38:2:[colourspace]:r:g:b
                    if group[1] == 5 { color = .indexed(UInt8(group[2])) }
                    if group[1] == 2 {
                        let values = Array(group.suffix(3))
                        color = .rgb(UInt8(values[0]), UInt8(values[1]), UInt8(values[2]))
                    }
                } else if index + 1 < groups.count, groups[index + 1][0] == 5 {
                    color = .indexed(UInt8(groups[index + 2][0]))
                    index += 2
                } else if index + 1 < groups.count, groups[index + 1][0] == 2 {
                    color = .rgb(UInt8(groups[index + 2][0]), UInt8(groups[index + 3][0]), UInt8(groups[index + 4][0]))
                    index += 4
                }
                if code == 38 { foreground = color } else { background = color }
            default:
                break  // bold, underline, ... are not used here
            }
            index += 1
        }
    }
}
