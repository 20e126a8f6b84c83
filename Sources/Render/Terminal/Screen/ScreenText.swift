/// Text that may go to the terminal as it is: the only kind the screen, the status lines, the
/// gallery's captions and standard output's lines take. The one way in from a `String` escapes
/// everything in it that would act on a terminal (`TerminalText.visible`), so a name or a
/// message from outside cannot reach the screen unescaped, in any mode, old or new: a place that
/// forgot would not compile.
public struct ScreenText: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The inert text.
    public let description: String

    /// `text` with every character that would act on a terminal shown as an escape.
    public init(_ text: String) {
        description = TerminalText.visible(text)
    }

    /// tview's own words (a literal, not an interpolation), escaped all the same.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    private init(inert: String) {
        description = inert
    }

    public var isEmpty: Bool { description.isEmpty }

    /// Cut or padded with spaces to `width` characters (a status line's row). Cutting inert text
    /// leaves it inert.
    public func fitted(to width: Int) -> ScreenText {
        let width = max(0, width)
        let cut = String(description.prefix(width))
        return ScreenText(inert: cut + String(repeating: " ", count: max(0, width - cut.count)))
    }

    /// The UTF-8 bytes to write.
    public var bytes: [UInt8] { Array(description.utf8) }
}
