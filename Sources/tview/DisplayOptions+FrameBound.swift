import Decode
import Glibc
import Picture
import Terminal

extension DisplayOptions {
    /// About the most pixels a picture can be shown at, so a video clip is decoded no larger:
    /// the area's cells (`--place`, `--size`, the terminal's size, else COLUMNS x LINES) times a
    /// cell's pixels where the terminal says them, else 10x20 (more than any text cell reads,
    /// and a common cell for pixel output).
    func frameBound(environment: [String: String]) -> FrameBound {
        let terminal = TerminalSize.of(descriptor: STDOUT_FILENO)
        let area: (columns: Int, rows: Int) =
            place.map { ($0.columns, $0.rows) } ?? size.map { ($0.columns, $0.rows) }
            ?? terminal.map { ($0.columns, $0.rows) } ?? TerminalSize.forPipe(environment: environment)
        let cell = terminal?.cellPixels
        return FrameBound(width: area.columns * (cell?.width ?? 10), height: area.rows * (cell?.height ?? 20))
    }
}
