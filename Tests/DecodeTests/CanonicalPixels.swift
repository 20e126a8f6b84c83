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

    /// The mean absolute difference of two same-sized images over every channel, 0 to 255.
    static func meanDifference(_ one: RGBAImage, _ other: RGBAImage) -> Double {
        differences(one, other).mean
    }

    /// Over every channel of two same-sized images (canonical form, or as they are where the
    /// colour under zero alpha is part of what is compared): the largest difference, the root
    /// mean square and the mean, in 8-bit steps.
    static func differences(_ one: RGBAImage, _ other: RGBAImage, canonical: Bool = true) -> (
        peak: Int, rms: Double, mean: Double
    ) {
        precondition(one.width == other.width && one.height == other.height, "sizes differ")
        let a = canonical ? bytes(one) : one.withUnsafeBytes { Array($0) }
        let b = canonical ? bytes(other) : other.withUnsafeBytes { Array($0) }
        var peak = 0
        var squares = 0.0
        var sum = 0.0
        for index in a.indices {
            let difference = abs(Int(a[index]) - Int(b[index]))
            peak = max(peak, difference)
            squares += Double(difference * difference)
            sum += Double(difference)
        }
        let count = Double(max(a.count, 1))
        return (peak, (squares / count).squareRoot(), sum / count)
    }
}
