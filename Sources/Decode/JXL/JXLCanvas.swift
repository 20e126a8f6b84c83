/// A JPEG XL canvas as the format blends it: four channels a pixel, each a 16-bit fixed-point
/// value from -0.5 to 3.5 in steps of 1/16384. A lossy file's values leave 0...1 (its decoded
/// colours lie outside sRGB), and a later layer partly covering such a pixel blends the value
/// itself, as libjxl does; 8 bits would clamp it first (off by up to 37 steps in a test). Half
/// the memory of floats.
struct JXLCanvas {
    let width: Int
    let height: Int
    /// R, G, B, A of each pixel, row by row.
    var values: [UInt16]

    static let scale: Float = 16384
    static let zero = UInt16(0.5 * scale)

    /// Black, transparent or (`opaque`, for a picture without alpha) opaque.
    init(width: Int, height: Int, opaque: Bool = false) {
        self.width = width
        self.height = height
        values = [UInt16](repeating: Self.zero, count: width * height * 4)
        if opaque {
            let one = Self.stored(1)
            for index in stride(from: 3, to: values.count, by: 4) { values[index] = one }
        }
    }

    @inline(__always)
    static func stored(_ value: Float) -> UInt16 {
        let scaled = (value + 0.5) * scale
        // Written so that NaN (a float file may hold it) lands on 0, not in a trap.
        guard scaled >= 0 else { return 0 }
        return scaled < 65535 ? UInt16(scaled.rounded()) : 65535
    }

    @inline(__always)
    static func value(_ stored: UInt16) -> Float {
        Float(stored) / scale - 0.5
    }

    /// The canvas as 8-bit RGBA, each value clamped to 0...1.
    func rgba() -> [RGBA] {
        [RGBA](unsafeUninitializedCapacity: width * height) { pixels, initialized in
            values.withUnsafeBufferPointer { values in
                for index in 0..<pixels.count {
                    let base = 4 * index
                    pixels[index] = RGBA(
                        r: Self.byte(values[base]), g: Self.byte(values[base + 1]), b: Self.byte(values[base + 2]),
                        a: Self.byte(values[base + 3]))
                }
            }
            initialized = width * height
        }
    }

    /// A stored value as an 8-bit one: (value clamped to 0...1) × 255, rounded.
    @inline(__always)
    static func byte(_ stored: UInt16) -> UInt8 {
        let above = Int(stored) - Int(zero)
        guard above > 0 else { return 0 }
        guard above < Int(scale) else { return 255 }
        return UInt8((above * 255 + Int(scale) / 2) >> 14)
    }
}
