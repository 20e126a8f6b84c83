/// Where a picture's cell (0, 0) is: the screen's top left, or the cursor position saved (DECSC,
/// `ESC 7`) before drawing — inline in the scrollback, where the screen's row is not known.
public enum PictureOrigin: Sendable, Equatable {
    case screen
    case savedCursor

    /// Moves the cursor to the cell `row`, `column` from this origin (0-based).
    func moveCursor(row: Int, column: Int, into out: inout [UInt8]) {
        switch self {
        case .screen:
            out += ControlSequence.cursorPosition(row: row, column: column)
        case .savedCursor:
            out += ControlSequence.restoreCursor
            ControlSequence.appendCursorVertical(row, into: &out)
            ControlSequence.appendCursorColumn(column, into: &out)
        }
    }
}
