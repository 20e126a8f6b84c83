import Glibc

/// How an HDR transfer (PQ, HLG) is shown on an SDR screen, simply: each encoded value to light
/// in nits, then to SDR's linear 0…1 with BT.2408's reference white (203 nits) at 1, and light
/// above three quarters of that white compressed to reach 1 only at infinity (a knee, slope 1
/// where it starts): highlights keep some gradation instead of clipping. HLG is shown as on a
/// 1000-nit display, its system gamma (1.2) applied to each channel rather than to luminance
/// (hues of bright saturated colours shift a little). No metadata (mastering display, content
/// light level) is read.
enum HDRToneCurve {
    /// SDR white, in nits (BT.2408).
    static let referenceWhite = 203.0
    /// Where the knee starts, in SDR linear light.
    static let knee = 0.75

    /// The SDR linear value shown for PQ-encoded `encoded` (0…1, SMPTE ST 2084).
    static func pq(_ encoded: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
        let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let power = pow(max(0, min(1, encoded)), 1 / m2)
        let nits = 10_000 * pow(max(0, power - c1) / (c2 - c3 * power), 1 / m1)
        return sdr(nits: nits)
    }

    /// The SDR linear value shown for HLG-encoded `encoded` (0…1, BT.2100), on a 1000-nit
    /// display.
    static func hlg(_ encoded: Double) -> Double {
        let a = 0.178_832_77, b = 0.284_668_92, c = 0.559_910_73
        let value = max(0, min(1, encoded))
        let scene = value <= 0.5 ? value * value / 3 : (exp((value - c) / a) + b) / 12
        return sdr(nits: 1000 * pow(scene, 1.2))
    }

    /// Light in nits as SDR linear light, the knee applied.
    static func sdr(nits: Double) -> Double {
        let light = nits / referenceWhite
        guard light > knee else { return light }
        let over = light - knee
        return knee + (1 - knee) * over / (over + (1 - knee))
    }

    /// `curve` sampled at `count` evenly spaced encoded values, as lcms2's tabulated tone curve
    /// takes it.
    static func table(_ curve: (Double) -> Double, count: Int = 1024) -> [Float] {
        (0..<count).map { Float(curve(Double($0) / Double(count - 1))) }
    }
}
