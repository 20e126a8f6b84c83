/// How a decoded picture is turned before it is shown: HEIF's `irot` (a rotation anti-clockwise
/// by quarter turns) then `imir` (a mirror), in the order browsers apply them.
struct PixelOrientation: Sendable, Equatable {
    /// Quarter turns anti-clockwise, 0 to 3.
    var quarterTurns: Int
    /// Mirrored after turning: top and bottom exchanged (`imir` mode 0).
    var flipsVertically: Bool
    /// Mirrored after turning: left and right exchanged (`imir` mode 1).
    var flipsHorizontally: Bool

    static let upright = PixelOrientation(quarterTurns: 0, flipsVertically: false, flipsHorizontally: false)

    var isUpright: Bool { self == .upright }

    /// The size of a `width` × `height` picture once turned.
    func orientedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        quarterTurns % 2 == 1 ? (height, width) : (width, height)
    }

    /// `image` turned and mirrored.
    func apply(to image: RGBAImage) -> RGBAImage {
        guard !isUpright else { return image }
        let (width, height) = orientedSize(width: image.width, height: image.height)
        let sourceWidth = image.width
        let sourceHeight = image.height
        let count = width * height
        let pixels = [RGBA](unsafeUninitializedCapacity: count) { destination, initialized in
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    for x in 0..<width {
                        // Undo the mirror first (it was applied last), then the turn.
                        let mirroredX = flipsHorizontally ? width - 1 - x : x
                        let mirroredY = flipsVertically ? height - 1 - y : y
                        let (sourceX, sourceY): (Int, Int)
                        switch quarterTurns {
                        case 1: (sourceX, sourceY) = (sourceWidth - 1 - mirroredY, mirroredX)
                        case 2: (sourceX, sourceY) = (sourceWidth - 1 - mirroredX, sourceHeight - 1 - mirroredY)
                        case 3: (sourceX, sourceY) = (mirroredY, sourceHeight - 1 - mirroredX)
                        default: (sourceX, sourceY) = (mirroredX, mirroredY)
                        }
                        destination[y * width + x] = source[sourceY * sourceWidth + sourceX]
                    }
                }
            }
            initialized = count
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
