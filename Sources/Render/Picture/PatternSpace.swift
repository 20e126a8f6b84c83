import Decode

/// Where mosaic patterns are scored: gamma-encoded Y′CbCr (BT.601), its chroma axes scaled by
/// `chroma`.
///
/// Gamma-encoded because equal steps there look about equally large (linear RGB weighs
/// differences in dark colours far less than the eye does). In truecolor each group shows its
/// own mean colour, so the score only chooses the pattern; the eye resolves fine detail in
/// lightness and much less in colour (why JPEG and video halve chroma), so the pattern should
/// follow the edges of lightness: chroma counts a tenth. In 256, 16 and 8 colours the colours
/// themselves are off by the palette, in chroma as much as in luma, so both count fully.
/// Measured on the five pictures of bench/results/fidelity.md: in truecolor a tenth against full chroma
/// raised SSIM by up to 0.008 (med.gif's frame at 80x24) at a ΔE after blur up by 0.05; in 256
/// colours a tenth cost up to 1.06 ΔE (chelsea) for up to 0.02 SSIM.
struct PatternSpace: Sendable {
    /// The chroma axes' scale (its square is their weight against luma).
    let chroma: Float

    init(mode: ColorMode) {
        chroma = mode == .truecolor ? 0.316 : 1
    }

    /// An sRGB colour (0 to 1 a channel) as a point in the space.
    @inline(__always)
    func point(_ r: Float, _ g: Float, _ b: Float) -> SIMD3<Float> {
        SIMD3(
            0.299 * r + 0.587 * g + 0.114 * b,
            chroma * (-0.168_736 * r - 0.331_264 * g + 0.5 * b),
            chroma * (0.5 * r - 0.418_688 * g - 0.081_312 * b))
    }

    /// The sRGB colour of a point of the space (`point`'s inverse), each channel clamped to
    /// 0–255.
    @inline(__always)
    func srgb(point: SIMD3<Float>) -> RGBA {
        let luma = point.x, blue = point.y / chroma, red = point.z / chroma
        let rgb = SIMD3(luma + 1.402 * red, luma - 0.344_136 * blue - 0.714_136 * red, luma + 1.772 * blue)
        let bytes = (rgb * 255).rounded(.toNearestOrEven).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
        return RGBA(r: UInt8(bytes.x), g: UInt8(bytes.y), b: UInt8(bytes.z))
    }
}
