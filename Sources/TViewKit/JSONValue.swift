internal import Decode
internal import Terminal

/// Just enough JSON for `--info --json`, `--probe --json` and `--stats`, without Foundation.
enum JSONValue {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])

    var encoded: String {
        switch self {
        case .string(let text): return Self.quote(text)
        case .number(let value):
            // Three decimals at most; a whole number without any.
            let rounded = (value * 1000).rounded() / 1000
            if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
            return String(rounded)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let values): return "[" + values.map(\.encoded).joined(separator: ",") + "]"
        }
    }

    private static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case _ where PathBytes.strayByte(scalar) != nil:
                out += "\\ufffd"  // a byte that is not UTF-8: JSON text cannot carry it
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where TerminalText.actsOnTerminal(scalar):  // every C0 control among them
                // Valid JSON either way; escaped, the line is also safe to print on a terminal.
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
