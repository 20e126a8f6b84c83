/// The xterm colour palette and nearest-colour search by a perceptual distance.
public enum XtermPalette {
    /// xterm's default 16 system colours (terminals may change these; the 256-colour search
    /// avoids them for that reason).
    public static let system: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six levels of the 6×6×6 cube (indices 16–231).
    public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The RGB value of palette index `index`.
    public static func rgb(_ index: UInt8) -> (UInt8, UInt8, UInt8) {
        let i = Int(index)
        if i < 16 { return system[i] }
        if i < 232 {
            let n = i - 16
            return (UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[n / 6 % 6]), UInt8(cubeLevels[n % 6]))
        }
        let grey = UInt8(8 + 10 * (i - 232))
        return (grey, grey, grey)
    }

    /// "Redmean" distance: cheap and close to how different two colours look.
    @inline(__always)
    public static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        let mean = (r1 + r2) / 2
        let dr = r1 - r2
        let dg = g1 - g2
        let db = b1 - b2
        return (((512 + mean) * dr * dr) >> 8) + 4 * dg * dg + (((767 - mean) * db * db) >> 8)
    }

    /// The nearest colour of the cube or the grey ramp (16–255).
    public static func nearest256(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        func level(_ value: Int) -> Int {
            value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
        }
        let (lr, lg, lb) = (level(r), level(g), level(b))
        let cube = 16 + 36 * lr + 6 * lg + lb
        let cubeDistance = distance(r, g, b, cubeLevels[lr], cubeLevels[lg], cubeLevels[lb])
        let average = (r + g + b) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyIndex
        let greyDistance = distance(r, g, b, grey, grey, grey)
        return UInt8(greyDistance < cubeDistance ? 232 + greyIndex : cube)
    }

    /// The nearest of the first `count` system colours (16 or 8).
    public static func nearestSystem(_ r: Int, _ g: Int, _ b: Int, count: Int) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<count {
            let c = system[index]
            let d = distance(r, g, b, Int(c.0), Int(c.1), Int(c.2))
            if d < bestDistance {
                bestDistance = d
                best = index
            }
        }
        return UInt8(best)
    }
}
