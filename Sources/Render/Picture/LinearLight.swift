import Decode
import Glibc
/// sRGB ↔ linear light, through tables: averaging in linear light keeps a checkerboard of black
/// and white from turning into a too-dark grey.
enum LinearLight {
    /// sRGB byte → linear 0…1.
    static let fromSRGB: [Float] = (0..<256).map { value in
        let c = Double(value) / 255
        return Float(c <= 0.04045 ? c / 12.92 : _pow((c + 0.055) / 1.055, 2.4))
    }

    static let steps = 4096
    /// linear 0…1 in 4096 steps → sRGB byte.
    static let toSRGBTable: [UInt8] = (0...steps).map { step in
        let l = Double(step) / Double(steps)
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * _pow(l, 1 / 2.4) - 0.055
        return UInt8(max(0, min(255, (c * 255).rounded())))
    }

    @inline(__always)
    static func toSRGB(_ linear: Float) -> UInt8 {
        toSRGBTable.withUnsafeBufferPointer { toSRGB(linear, table: $0) }
    }

    /// A pixel from premultiplied linear light: `sum` is (r·α, g·α, b·α, α) with α from 0 to
    /// 255 (an average of samples, as the downsampler and mosaic cells take them). Under half a
    /// step of alpha it is transparent.
    @inline(__always)
    static func pixel(premultiplied sum: SIMD4<Float>, table: UnsafeBufferPointer<UInt8>) -> RGBA {
        let alpha = sum.w
        guard alpha >= 0.5 else { return .transparent }
        let scale = 1 / alpha
        return RGBA(
            r: toSRGB(sum.x * scale, table: table), g: toSRGB(sum.y * scale, table: table),
            b: toSRGB(sum.z * scale, table: table), a: UInt8(min(255, alpha + 0.5)))
    }

    /// An opaque pixel from linear RGB (each channel clamped to 0–1).
    @inline(__always)
    static func pixel(linear: SIMD3<Float>, table: UnsafeBufferPointer<UInt8>) -> RGBA {
        RGBA(r: toSRGB(linear.x, table: table), g: toSRGB(linear.y, table: table), b: toSRGB(linear.z, table: table))
    }

    /// `toSRGB` with the table already in hand (hot loops: no global access per pixel).
    @inline(__always)
    static func toSRGB(_ linear: Float, table: UnsafeBufferPointer<UInt8>) -> UInt8 {
        table[Int(max(0, min(1, linear)) * Float(steps) + 0.5)]
    }
}

/// pow without Foundation.
private func _pow(_ base: Double, _ exponent: Double) -> Double {
    guard base > 0 else { return 0 }
    return exp(exponent * log(base))
}
