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
        /// A sequence that is neither a key tview uses nor an answer it waits for.
        case ignored
    }

    /// How long a lone Esc waits for more bytes before it counts as the key.
    public static let escapeDelay: Duration = .milliseconds(30)
    /// How long the rest of a begun sequence may take (answers cross the same slow link).
    public static let sequenceDelay: Duration = .milliseconds(500)
    /// Longer sequences are garbage, not something a terminal sends.
    private static let longestSequence = 64

    private var pending: [UInt8] = []

    public init() {}

    /// The start of a sequence is waiting for more bytes.
    public var isWaiting: Bool { !pending.isEmpty }

    /// How long to wait for the rest of what is pending.
    public var waitingDelay: Duration { pending == [0x1B] ? Self.escapeDelay : Self.sequenceDelay }

    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Token] {
        var tokens: [Token] = []
        for byte in bytes {
            if pending.isEmpty {
                if byte == 0x1B {
                    pending.append(byte)
                } else if let key = Self.key(for: byte) {
                    tokens.append(.key(key))
                }
                continue
            }
            if byte == 0x1B && pending.count == 1 {
                // Esc Esc: the first was the key.
                tokens.append(.key(.control(27)))
                continue
            }
            pending.append(byte)
            if let token = completed() {
                tokens.append(token)
                pending.removeAll(keepingCapacity: true)
            } else if pending.count > Self.longestSequence {
                pending.removeAll(keepingCapacity: true)
            }
        }
        return tokens
    }

    /// What is pending after the wait: a lone Esc is the key; a sequence cut short is dropped.
    public mutating func flush() -> [Token] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending == [0x1B] ? [.key(.control(27))] : []
    }

    /// The token `pending` (which starts with Esc) makes, once it is a whole sequence.
    private func completed() -> Token? {
        let introducer = pending[1]
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
        // Arrows, also with modifiers (ESC [ 1 ; 2 C).
        if let arrow = arrow(final), parameters.allSatisfy({ (0x30...0x3B).contains($0) }) { return .key(arrow) }
        return .ignored
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
