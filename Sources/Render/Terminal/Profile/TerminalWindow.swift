public import Picture

/// The terminal's size as the kernel keeps it (TIOCGWINSZ): cells, and pixels where the terminal
/// fills them in (kitty, foot, xterm do; many do not, leaving 0).
public struct TerminalWindow: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// A cell's size in pixels, when the window's pixels are known.
    public var cellPixels: PixelSize? {
        guard columns > 0, rows > 0, pixelWidth / columns > 0, pixelHeight / rows > 0 else { return nil }
        return PixelSize(width: pixelWidth / columns, height: pixelHeight / rows)
    }
}
