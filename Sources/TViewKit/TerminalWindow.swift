import Glibc
internal import Picture
internal import Terminal

/// What the terminal's window says of its size (an ioctl: nothing is asked of the terminal).
public enum TerminalWindow {
    /// The cells of the terminal standard output goes to; nil when it is not a terminal.
    public static var outputSize: (columns: Int, rows: Int)? {
        TerminalSize.of(descriptor: STDOUT_FILENO).map { ($0.columns, $0.rows) }
    }

    /// A cell's pixels as the controlling terminal's window says them, else 10x20 (a common cell;
    /// kitty and iTerm2 stretch a picture over its cells either way).
    public static var cellPixels: (width: Int, height: Int) {
        let terminal = ControllingTerminal.open(O_RDONLY | O_NOCTTY)
        guard terminal >= 0 else { return (PixelSize.assumedCell.width, PixelSize.assumedCell.height) }
        defer { close(terminal) }
        let cell = TerminalSize.of(descriptor: terminal)?.cellPixels ?? PixelSize.assumedCell
        return (cell.width, cell.height)
    }

    /// A cell's pixels as standard output's terminal says them; nil when it does not.
    public static var outputCellPixels: (width: Int, height: Int)? {
        TerminalSize.of(descriptor: STDOUT_FILENO)?.cellPixels.map { ($0.width, $0.height) }
    }

    /// The area for output that is not a terminal: COLUMNS x LINES from `environment`, else
    /// 80x24.
    public static func outputArea(environment: [String: String]) -> (columns: Int, rows: Int) {
        TerminalSize.forPipe(environment: environment)
    }
}
