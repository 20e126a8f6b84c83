/// How a sprite sheet is cut into frames: a grid of columns x rows, or frames of a size (as many
/// as fit across and down). Frames go left to right, then down.
public enum SheetLayout: Sendable, Equatable {
    case grid(columns: Int, rows: Int)
    case frameSize(width: Int, height: Int)
}
