internal import Decode

/// Why tview could not do what was asked, by stage: opening a source, decoding its frames,
/// setting up the terminal, or writing the output. ``description`` is one line for a person,
/// without the file's name (``Animation/name`` has it).
public enum TViewError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source could not be opened: not found, not readable, not a format tview reads, over
    /// the memory budget, or an option that does not fit it.
    case open(reason: String)
    /// A frame could not be decoded (the data is damaged or cut short before any frame).
    case decode(reason: String)
    /// There is no terminal to play on, or it could not be set up.
    case terminal(reason: String)
    /// The output could not be written (a closed pipe, a full disk, a terminal that hung up).
    case output(reason: String)

    public var description: String {
        switch self {
        case .open(let reason), .decode(let reason), .terminal(let reason), .output(let reason): return reason
        }
    }

    /// A decoder's error while a source was opened (its header read).
    init(opening error: DecodeError) {
        self = .open(reason: error.description)
    }

    /// A decoder's error while a frame was decoded.
    init(decoding error: DecodeError) {
        self = .decode(reason: error.description)
    }
}
