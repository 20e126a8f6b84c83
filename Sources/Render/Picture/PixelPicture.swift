public import Decode

/// A frame made for a pixel terminal: opaque pixels (transparency already blended over the
/// background, so nothing shown before can show through) in the layout they were made for.
public struct PixelPicture: Sendable {
    public let image: RGBAImage
    public let layout: PixelLayout
    /// Which frame this is (file and frame number), so a terminal that keeps frames (kitty) is
    /// sent each one once.
    public let frame: FrameIdentity

    public init(image: RGBAImage, layout: PixelLayout, frame: FrameIdentity) {
        self.image = image
        self.layout = layout
        self.frame = frame
    }

    /// The memory it holds (for the frame cache's budget).
    public var memoryCost: Int { image.width * image.height * MemoryLayout<RGBA>.stride + 128 }

    /// The same picture placed elsewhere on the screen.
    public func moved(rows: Int, columns: Int) -> PixelPicture {
        PixelPicture(image: image, layout: layout.moved(rows: rows, columns: columns), frame: frame)
    }
}
