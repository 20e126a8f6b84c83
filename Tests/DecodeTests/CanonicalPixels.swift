import Decode

/// The corpus' canonical form of a canvas: RGBA bytes with R = G = B = 0 wherever A = 0 (the
/// colour of a fully transparent pixel carries no meaning).
enum CanonicalPixels {
    static func bytes(_ image: RGBAImage) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(image.pixels.count * 4)
        for pixel in image.pixels {
            if pixel.a == 0 {
                out.append(contentsOf: [0, 0, 0, 0])
            } else {
                out.append(contentsOf: [pixel.r, pixel.g, pixel.b, pixel.a])
            }
        }
        return out
    }

    static func digest(_ image: RGBAImage) -> String { SHA256.hex(bytes(image)) }

    static func meanRGBA(_ image: RGBAImage) -> [Double] {
        var sums = [Double](repeating: 0, count: 4)
        for pixel in image.pixels {
            sums[0] += Double(pixel.r); sums[1] += Double(pixel.g)
            sums[2] += Double(pixel.b); sums[3] += Double(pixel.a)
        }
        let count = Double(max(image.pixels.count, 1))
        return sums.map { $0 / count }
    }
}
