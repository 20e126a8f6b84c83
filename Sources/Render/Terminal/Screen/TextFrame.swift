public import Picture

/// A frame as ANSI text that stays where it is printed: for output that is not a terminal (a
/// file, a pipe, `less -R`) and for the last frame left on the normal screen. Rows end with a
/// colour reset and a newline.
public enum TextFrame {
    /// `grid` in `mode`'s colours; a cell whose colours are within `tolerance` per channel of the
    /// pen's is drawn with the pen's (fewer bytes).
    public static func bytes(_ grid: CellGrid, mode: ColorMode, tolerance: Int = 0) -> [UInt8] {
        ANSIWriter(mode: mode).lines(grid, tolerance: tolerance)
    }
}
