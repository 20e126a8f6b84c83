/// A size in screen pixels (a terminal cell's, or its text area's).
public struct PixelSize: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }

    /// A cell's size where nothing says it (no terminal, or one that answers no size question):
    /// a common one at a 12-point font.
    public static let assumedCell = PixelSize(width: 10, height: 20)
}
