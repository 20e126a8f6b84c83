/// A frame as one pixel protocol's image, ready to write to a terminal at the cursor.
public struct PixelImage: Sendable {
    /// The protocol's bytes (kitty's or iTerm2's escape sequences, or a sixel image).
    public let bytes: [UInt8]
    /// The cells the picture covers across.
    public let columns: Int
    /// The cells the picture covers down.
    public let rows: Int
    /// The column in its box of the picture's first cell (it is centred in the dimension it does
    /// not fill): move the cursor there before writing ``bytes``.
    public let column: Int
    /// The row in its box of the picture's first cell.
    public let row: Int
}
