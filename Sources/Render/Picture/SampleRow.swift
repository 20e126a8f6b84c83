import Decode

/// Eight neighbouring samples of a cell (one row of its 8x8 grid), one SIMD lane each: linear
/// RGB for means, the point in `PatternSpace` and its squared length for errors.
struct SampleRow {
    var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>()
    var luma = SIMD8<Float>(), blue = SIMD8<Float>(), red = SIMD8<Float>()

    init(_ pixels: UnsafeBufferPointer<RGBA>, toLinear: UnsafeBufferPointer<Float>, space: PatternSpace) {
        var sr = SIMD8<Float>(), sg = SIMD8<Float>(), sb = SIMD8<Float>()
        for lane in 0..<8 {
            let pixel = pixels[lane]
            r[lane] = toLinear[Int(pixel.r)]
            g[lane] = toLinear[Int(pixel.g)]
            b[lane] = toLinear[Int(pixel.b)]
            sr[lane] = Float(pixel.r)
            sg[lane] = Float(pixel.g)
            sb[lane] = Float(pixel.b)
        }
        let scale = SIMD8<Float>(repeating: 1 / 255)
        (luma, blue, red) = space.points(sr * scale, sg * scale, sb * scale)
    }

    var squares: SIMD8<Float> { luma * luma + blue * blue + red * red }
}
