import Graphics

/// Splits what the terminal sends into keys and answers to tview's queries, so an answer (for
/// example `ESC [ 0 n`, the reply to a status query) is never taken for Esc and three keys.
///
/// A lone Esc cannot be told from the start of a sequence until a moment has passed: the caller
/// waits `escapeDelay` (or `sequenceDelay` for a sequence begun but not finished), then calls
/// `flush`.
public struct TerminalInputParser: Sendable {
    public enum Token: Equatable, Sendable {
        case key(TerminalKey)
        /// The answer to a device status query (`ESC [ 5 n` → `ESC [ 0 n`).
        case statusReport
        /// Primary device attributes (`ESC [ c` → `ESC [ ? 62 ; 4 ; … c`): 4 means sixel.
        case deviceAttributes([Int])
        /// A kitty graphics reply (`ESC _ G i=31;OK ESC \`): the image id, and whether it said OK.
        case kittyGraphics(id: Int, ok: Bool)
        /// XTVERSION's answer (`ESC P > | kitty(0.26.5) ESC \`): the terminal's name and version.
        case terminalName(String)
        /// The size of a cell (`ESC [ 16 t` → `ESC [ 6 ; h ; w t`) or of the text area
        /// (`ESC [ 14 t` → `ESC [ 4 ; h ; w t`), in pixels.
        case cellPixels(width: Int, height: Int)
        case areaPixels(width: Int, height: Int)
        /// A private mode's state (DECRPM, `ESC [ ? 2026 $ p` → `ESC [ ? 2026 ; 2 $ y`): 1 set,
        /// 2 reset, 3 permanently set, 4 permanently reset, 0 unknown to the terminal.
        case modeReport(mode: Int, state: Int)
        /// A dynamic colour (OSC 10 foreground, 11 background: `ESC ] 11 ; ? ST` →
        /// `ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST`), to 8 bits a channel.
        case colorReport(item: Int, red: UInt8, green: UInt8, blue: UInt8)
        /// XTSMGRAPHICS's answer (`ESC [ ? 2 ; 1 ; 0 S` → `ESC [ ? 2 ; 0 ; W ; H S`): item 2 is
        /// the largest sixel image in pixels; status 0 is success.
        case graphicsAttribute(item: Int, status: Int, values: [Int])
        /// A sequence that is neither a key tview uses nor an answer it waits for.
        case ignored
    }

    /// How long a lone Esc waits for more bytes before it counts as the key.
    public static let escapeDelay: Duration = .milliseconds(30)
    /// How long the rest of a begun sequence may take (answers cross the same slow link).
    public static let sequenceDelay: Duration = .milliseconds(500)
    /// Longer sequences are garbage, not something a terminal sends (strings — APC, DCS — may
    /// be longer than control sequences).
    private static let longestSequence = 64
    private static let longestString = 512

    private var pending: [UInt8] = []

    public init() {}

    /// The start of a sequence is waiting for more bytes.
    public var isWaiting: Bool { !pending.isEmpty }

    /// How long to wait for the rest of what is pending.
    public var waitingDelay: Duration { pending == [ControlSequence.escape] ? Self.escapeDelay : Self.sequenceDelay }

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Token] {
        var tokens: [Token] = []
        for byte in bytes {
            if pending.isEmpty {
                if byte == ControlSequence.escape {
                    pending.append(byte)
                } else if let key = Self.key(for: byte) {
                    tokens.append(.key(key))
                }
                continue
            }
            if byte == ControlSequence.escape && pending.count == 1 {
                // Esc Esc: the first was the key.
                tokens.append(.key(.control(27)))
                continue
            }
            pending.append(byte)
            if let token = completed() {
                tokens.append(token)
                pending.removeAll(keepingCapacity: true)
            } else if pending.count > (isString ? Self.longestString : Self.longestSequence) {
                pending.removeAll(keepingCapacity: true)
            }
        }
        return tokens
    }

    /// What is pending after the wait: a lone Esc is the key; a sequence cut short is dropped.
    public mutating func flush() -> [Token] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending == [ControlSequence.escape] ? [.key(.control(27))] : []
    }

    /// `pending` is an APC, DCS or OSC string (ended by ST, `ESC \`, or BEL).
    private var isString: Bool {
        pending.count > 1
            && (pending[1] == UInt8(ascii: "_") || pending[1] == UInt8(ascii: "P") || pending[1] == UInt8(ascii: "]"))
    }

    /// The token `pending` (which starts with Esc) makes, once it is a whole sequence.
    private func completed() -> Token? {
        let introducer = pending[1]
        if isString {
            let count = pending.count
            let terminator: Int
            if pending[count - 1] == 0x07 {
                terminator = 1
            } else if count >= 4, pending[count - 2] == ControlSequence.escape, pending[count - 1] == UInt8(ascii: "\\")
            {
                terminator = 2
            } else {
                return nil
            }
            let body = Array(pending[2..<(count - terminator)])
            switch introducer {
            case UInt8(ascii: "_"): return Self.applicationString(body)
            case UInt8(ascii: "]"): return Self.operatingSystemCommand(body)
            default: return Self.deviceControlString(body)
            }
        }
        switch introducer {
        case UInt8(ascii: "["):
            guard pending.count > 2, let final = pending.last, (0x40...0x7E).contains(final) else {
                // Still parameters (0x20–0x3F), or garbage that ends the sequence.
                if let last = pending.last, pending.count > 2, !(0x20...0x3F).contains(last) { return .ignored }
                return nil
            }
            return Self.controlSequence(parameters: pending[2..<(pending.count - 1)], final: final)
        case UInt8(ascii: "O"):
            guard pending.count == 3 else { return nil }
            return Self.arrow(pending[2]).map { .key($0) } ?? .ignored
        default:
            // Alt and a key: not one tview uses.
            return .ignored
        }
    }

    private static func controlSequence(parameters: ArraySlice<UInt8>, final: UInt8) -> Token {
        if final == UInt8(ascii: "n") && Array(parameters) == [UInt8(ascii: "0")] { return .statusReport }
        if final == UInt8(ascii: "c"), parameters.first == UInt8(ascii: "?") {
            return .deviceAttributes(numbers(parameters.dropFirst()))
        }
        if final == UInt8(ascii: "y"), parameters.first == UInt8(ascii: "?"), parameters.last == UInt8(ascii: "$") {
            let values = numbers(parameters.dropFirst().dropLast())
            if values.count == 2 { return .modeReport(mode: values[0], state: values[1]) }
        }
        if final == UInt8(ascii: "S"), parameters.first == UInt8(ascii: "?") {
            let values = numbers(parameters.dropFirst())
            if values.count >= 2 {
                return .graphicsAttribute(item: values[0], status: values[1], values: Array(values.dropFirst(2)))
            }
        }
        if final == UInt8(ascii: "t") {
            let values = numbers(parameters)
            if values.count == 3 && values[0] == 6 { return .cellPixels(width: values[2], height: values[1]) }
            if values.count == 3 && values[0] == 4 { return .areaPixels(width: values[2], height: values[1]) }
        }
        // Arrows, also with modifiers (ESC [ 1 ; 2 C).
        if let arrow = arrow(final), parameters.allSatisfy({ (0x30...0x3B).contains($0) }) { return .key(arrow) }
        return .ignored
    }

    /// `1;22;4` → [1, 22, 4] (empty or odd fields count as 0).
    private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int] {
        parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            field.reduce(0) { value, digit in
                (0x30...0x39).contains(digit) ? min(1 << 40, value * 10 + Int(digit - 0x30)) : value
            }
        }
    }

    /// `G i=31,…;OK`: a kitty graphics reply.
    private static func applicationString(_ body: [UInt8]) -> Token {
        guard body.first == UInt8(ascii: "G") else { return .ignored }
        let text = body.dropFirst()
        let parts = text.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
        var id = 0
        for key in parts[0].split(separator: UInt8(ascii: ",")) where key.starts(with: Array("i=".utf8)) {
            id = numbers(key.dropFirst(2)).first ?? 0
        }
        let message = parts.count > 1 ? Array(parts[1]) : []
        return .kittyGraphics(id: id, ok: message == Array("OK".utf8))
    }

    /// `11;rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a channel): a dynamic colour's answer.
    private static func operatingSystemCommand(_ body: [UInt8]) -> Token {
        let text = String(decoding: body, as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1)
        guard parts.count == 2, let item = Int(parts[0]), parts[1].hasPrefix("rgb:") else { return .ignored }
        let channels = parts[1].dropFirst(4).split(separator: "/")
        guard channels.count == 3 else { return .ignored }
        var values: [UInt8] = []
        for channel in channels {
            guard (1...4).contains(channel.count), let value = UInt32(channel, radix: 16) else { return .ignored }
            // Scale from the digits given to 8 bits (ffff → 255, ff → 255, f → 255).
            let maximum = (UInt32(1) << (4 * UInt32(channel.count))) - 1
            values.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return .colorReport(item: item, red: values[0], green: values[1], blue: values[2])
    }

    /// `>|name`: XTVERSION's answer.
    private static func deviceControlString(_ body: [UInt8]) -> Token {
        guard body.starts(with: Array(">|".utf8)) else { return .ignored }
        // Printable ASCII only: the name is shown and compared, never echoed raw.
        let name = body.dropFirst(2).filter { (0x20..<0x7F).contains($0) }
        return .terminalName(String(decoding: name, as: UTF8.self))
    }

    private static func arrow(_ final: UInt8) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        default: return nil
        }
    }

    private static func key(for byte: UInt8) -> TerminalKey? {
        switch byte {
        case 0..<32, 127: return .control(byte)
        case 32..<127: return .character(Character(UnicodeScalar(byte)))
        default: return nil  // UTF-8 beyond ASCII: no key of tview's
        }
    }
}
