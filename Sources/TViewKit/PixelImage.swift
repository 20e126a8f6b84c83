/// A frame as one pixel protocol's image, ready to write to a terminal at the cursor.
public struct PixelImage: Sendable {
    /// The protocol's bytes (kitty's or iTerm2's escape sequences, or a sixel image).
    public let bytes: [UInt8]
    /// The cells the picture covers.
    public let columns: Int
    public let rows: Int
    /// Where in its box the picture's first cell is (it is centred in the dimension it does not
    /// fill): move the cursor there before writing ``bytes``.
    public let column: Int
    public let row: Int
}
