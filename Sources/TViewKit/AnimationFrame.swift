internal import Decode
internal import Graphics

/// One frame of an ``Animation``, composited whole: straight (not premultiplied) RGBA, 8 bits a
/// channel, rows top to bottom, in sRGB (colour profiles are converted as frames are decoded).
public struct AnimationFrame: Sendable {
    /// The frame's number in its animation, from 1.
    public let number: Int
    /// How long the frame stays on screen, as browsers play it (a GIF's 0 or 10 ms plays as
    /// 100 ms; a video's timestamps are kept).
    public let duration: Duration
    /// The canvas's width in pixels (a video or a JPEG may be decoded smaller than its own size
    /// where the animation was opened for a smaller picture).
    public var width: Int { image.width }
    /// The canvas's height in pixels.
    public var height: Int { image.height }

    let image: RGBAImage

    init(number: Int, frame: Frame) {
        self.number = number
        self.duration = frame.duration
        self.image = frame.image
    }

    /// Writes the frame as an RGBA PNG file at `path` (created, never through a symbolic link).
    /// - Parameter path: the file to write.
    /// - Throws: ``TViewError/output(reason:)`` with why not.
    public func writePNG(to path: String) throws(TViewError) {
        do {
            try PNGFile.write(image, to: path)
        } catch {
            throw .output(reason: "cannot write \(SafeText.quotedName(path)): \(error)")
        }
    }

    /// The pixels, `width * height * 4` bytes (R, G, B, A).
    public var rgba: [UInt8] {
        image.withUnsafeBytes { Array($0) }
    }
}
