public import Picture
import Glibc

/// A terminal's size in cells and, where it reports them, in pixels.
public struct TerminalSize: Sendable, Equatable {
    public var rows: Int
    public var columns: Int
    /// Cell height over width on screen, from the pixel size; nil when the terminal gives none.
    public var cellAspect: Double?
    /// A cell's size in pixels, when the terminal gives its pixel size.
    public var cellPixels: PixelSize?

    public init(rows: Int, columns: Int, cellAspect: Double? = nil, cellPixels: PixelSize? = nil) {
        self.rows = rows
        self.columns = columns
        self.cellAspect = cellAspect
        self.cellPixels = cellPixels
    }

    /// The last row: the status line's, kept free of pictures so none can scroll the screen.
    public var statusRow: Int { max(0, rows - 1) }

    /// How far a line on the last row may go: one column short of the corner, which cannot be
    /// written without scrolling.
    public var statusWidth: Int { max(0, columns - 1) }

    /// The cells pictures may take: the screen, less the status row with `statusLine`, and at
    /// most `limit` (`--size`).
    public func pictureArea(statusLine: Bool, limit: (columns: Int, rows: Int)? = nil) -> (columns: Int, rows: Int) {
        let height = max(1, rows - (statusLine ? 1 : 0))
        return (min(columns, limit?.columns ?? columns), min(height, limit?.rows ?? height))
    }

    /// Whether an inline picture of `rows` x `columns` cells stands whole on the screen with the
    /// cursor's line below it: narrower or shorter, the terminal may have rewrapped or scrolled it.
    public func holdsInlinePicture(rows pictureRows: Int, columns pictureColumns: Int) -> Bool {
        columns >= pictureColumns && rows - 1 >= pictureRows
    }

    /// The area for output that is not a terminal: COLUMNS x LINES (as a shell exports them),
    /// else 80x24.
    public static func forPipe(environment: [String: String]) -> (columns: Int, rows: Int) {
        func value(_ name: String, in range: ClosedRange<Int>, else fallback: Int) -> Int {
            environment[name].flatMap(Int.init).flatMap { range.contains($0) ? $0 : nil } ?? fallback
        }
        return (value("COLUMNS", in: 1...4000, else: 80), value("LINES", in: 1...2000, else: 24))
    }

    /// TIOCGWINSZ on `descriptor`; nil when it is no terminal.
    public static func of(descriptor: CInt) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        var aspect: Double? = nil
        var cell: PixelSize? = nil
        if size.ws_xpixel > 0, size.ws_ypixel > 0 {
            aspect = (Double(size.ws_ypixel) / Double(size.ws_row)) / (Double(size.ws_xpixel) / Double(size.ws_col))
            let width = Int(size.ws_xpixel) / Int(size.ws_col), height = Int(size.ws_ypixel) / Int(size.ws_row)
            if width > 0 && height > 0 { cell = PixelSize(width: width, height: height) }
        }
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col), cellAspect: aspect, cellPixels: cell)
    }
}
