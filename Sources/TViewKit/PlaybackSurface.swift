/// Where animations play.
public enum PlaybackSurface: Sendable {
    /// The whole terminal (its alternate screen), one animation at a time: keys n and p move
    /// between them, q quits; the last frame stays on the normal screen when playing ends by
    /// itself.
    case fullScreen
    /// A gallery: a page of tiles, each animation on its own timing; arrows select, Enter opens
    /// the selected one full screen. `grid`: columns and rows; nil fits them to the terminal.
    case gallery(grid: (columns: Int, rows: Int)?)
    /// In place in the scrollback, where the cursor is (at most the terminal's width, one row
    /// less than its height); the last frame stays with the cursor on the line below it.
    case inline
    /// In a rectangle of the normal screen (a file manager's preview pane): blanked, then each
    /// frame drawn there by absolute moves, the program's cursor put back after each; the last
    /// frame stays. Text cells only for now (pixels go to the other surfaces).
    case rectangle(CellRectangle)
    /// Every frame as timed ANSI text to standard output, which is not a terminal
    /// (`tview --animate anim.gif | less -R`); keys are not read.
    case standardOutput
}
