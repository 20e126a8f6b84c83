import Graphics
import Decode

/// Text from outside tview — file names, bytes from inside files, library messages — made safe to
/// print on a terminal. A name like `evil\e]0;PWNED\a.gif` must not retitle the window, move the
/// cursor or hide what follows: every character that acts on a terminal is shown as an escape.
///
/// What counts: C0 controls and DEL, C1 controls (U+0080–U+009F: in UTF-8, U+009B is a CSI to
/// some terminals), line and paragraph separators, and the bidirectional overrides and isolates
/// that reorder how the rest of a line reads. Bytes of a name that are not UTF-8 (`PathBytes`)
/// show as `\xHH`, as bash would write them.
public enum TerminalText {
    /// A file name as coreutils' `ls` and error messages show it (shell-escape quoting): a plain
    /// name as it is; one with spaces or shell characters in single quotes; control characters
    /// as `$'\e'` pieces between quoted runs, so the whole can be pasted back into a shell.
    public static func quotedName(_ name: String) -> String {
        if name.isEmpty { return "''" }
        if name.unicodeScalars.allSatisfy(isPlain) { return name }
        var out = ""
        var quotedRun = ""
        var escapedRun = ""
        func flushQuoted() {
            guard !quotedRun.isEmpty else { return }
            out += "'" + quotedRun + "'"
            quotedRun = ""
        }
        func flushEscaped() {
            guard !escapedRun.isEmpty else { return }
            out += "$'" + escapedRun + "'"
            escapedRun = ""
        }
        for scalar in name.unicodeScalars {
            if let escape = escape(scalar) {
                flushQuoted()
                escapedRun += escape
            } else if scalar == "'" {
                flushQuoted()
                escapedRun += "\\'"
            } else {
                flushEscaped()
                quotedRun.unicodeScalars.append(scalar)
            }
        }
        flushQuoted()
        flushEscaped()
        return out
    }

    /// `text` with every character that acts on a terminal replaced by its escape (`\e`, `\n`,
    /// `\x7f`, `\u202e`); everything else unchanged. For messages that may carry a file's bytes.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { escape($0) != nil }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// True for a character that does something to a terminal instead of printing.
    public static func actsOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        escape(scalar) != nil
    }

    /// True when `scalar` may stand in a name unquoted (as in coreutils' shell-escape style):
    /// letters and digits, these few punctuation marks, and printable non-ASCII.
    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0x00...0x7F: return "%+,-./:=@_^".unicodeScalars.contains(scalar)
        default: return escape(scalar) == nil
        }
    }

    /// The escape for a character that acts on a terminal; nil for one that prints.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        if let byte = PathBytes.strayByte(scalar) { return "\\x" + hex(UInt32(byte), digits: 2) }
        switch scalar.value {
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0B: return "\\v"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        case UInt32(ControlSequence.escape): return "\\e"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        case 0x80...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u" + hex(scalar.value, digits: 4)
        default: return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
