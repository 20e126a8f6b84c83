/// How a sprite sheet is cut into frames. Frames go left to right, then down.
public enum SpriteSheetLayout: Sendable, Equatable {
    /// A grid of `columns` x `rows` frames filling the sheet.
    case grid(columns: Int, rows: Int)
    /// Frames of `width` x `height` pixels, as many as fit across and down.
    case frameSize(width: Int, height: Int)
}
