import Picture

/// One way of bringing the terminal's cells to a grid, for `NCursesScreen`: tview's own ANSI diff
/// (`ANSICellDrawing`, bytes the screen writes in one write(2)) or ncurses' (`CursesCellDrawing`,
/// drawn into ncurses' screen, which the screen then updates). Pixel backends will sit beside them.
protocol CellDrawing: AnyObject {
    /// Brings the screen to `grid` and the status line (nil: none) on `statusRow`, `width`
    /// columns wide, drawing only what changed since the last call (everything after
    /// `invalidate`, or when the grid's place changed). Bytes for the terminal go to `bytes`.
    func draw(_ grid: CellGrid, status: ScreenText?, statusRow: Int, width: Int, into bytes: inout [UInt8])
    /// The next draw draws everything.
    func invalidate()
    /// The frame went out: what it replaced on screen may be reused.
    func frameSent()
}
