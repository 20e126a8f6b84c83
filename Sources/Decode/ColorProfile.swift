internal import CColor
import Glibc

/// A picture's embedded ICC profile, and the conversion of its pixels to sRGB (lcms2, perceptual
/// intent), as browsers show such pictures on an sRGB screen. A profile that describes sRGB
/// itself is not applied (the pixels already are sRGB); a CMYK one is opened only for a CMYK
/// JPEG's ink (`init(icc:ink:)`, `convert(ink:)`); one lcms2 cannot use (malformed, Lab, CMYK
/// on RGB pixels) is named but not applied; without lcms2 only a PNG's gAMA table is.
final class ColorProfile {
    /// The profile's description ("Display P3", "sRGB IEC61966-2.1", ...), or "ICC profile".
    let name: String
    private let conversion: OpaquePointer?
    /// Where only the tone curve differs from sRGB's (a PNG's gAMA with sRGB's primaries): each
    /// channel's 256 values, looked up without lcms2 (not loaded, no transform to build: 5 ms
    /// of a 480x270 PNG's first picture).
    private let curve: [UInt8]?

    /// The largest profile read (real ones are a few KB; a CMYK one with tables, a few MB).
    static let largest = 4 << 20

    /// With `ink`, a CMYK profile is opened for ink (a CMYK JPEG's); without, only RGB and grey
    /// ones (a CMYK profile on RGB pixels has nothing to convert: no transform is built). `name`
    /// replaces the profile's own description (libjxl describes the profiles it makes in a code).
    init(icc: [UInt8], ink: Bool = false, name: String? = nil) {
        var description = [CChar](repeating: 0, count: 128)
        let conversion = icc.withUnsafeBufferPointer {
            tview_color_open($0.baseAddress, $0.count, ink ? 1 : 0, &description, description.count)
        }
        let text = String(cBuffer: description)
        self.name = name ?? (text.isEmpty ? "ICC profile" : text)
        curve = nil
        if let conversion, Self.describesSRGB(text) {
            tview_color_close(conversion)
            self.conversion = nil
        } else {
            self.conversion = conversion
        }
    }

    /// A profile the decoder has converted the pixels from itself (libjxl makes a lossy JPEG XL's
    /// XYB values sRGB, whatever space the file names): named, nothing left to apply.
    init(convertedByDecoder name: String) {
        self.name = name
        conversion = nil
        curve = nil
        convertedByDecoder = true
    }

    /// Set for a profile the decoder applied itself: no lcms2 was needed.
    private var convertedByDecoder = false

    /// Why the pixels are shown as they are stored, not converted: lcms2 could not be loaded
    /// (nil when it was, or when no conversion needed it). Without it a profile cannot even be
    /// read for its name, so whether it describes sRGB is not known either.
    var unappliedReason: String? {
        guard conversion == nil, curve == nil, !convertedByDecoder, let problem = tview_color_load() else { return nil }
        return "liblcms2 could not be loaded (\(String(cString: problem)))"
    }

    /// An ICC profile's description, or "ICC profile" where it has none; no conversion is built.
    static func description(icc: [UInt8]) -> String {
        var description = [CChar](repeating: 0, count: 128)
        icc.withUnsafeBufferPointer { tview_color_describe($0.baseAddress, $0.count, &description, description.count) }
        let text = String(cBuffer: description)
        return text.isEmpty ? "ICC profile" : text
    }

    /// RGB with these primaries and white point and sRGB's tone curve (or with `exponent`, the
    /// power curve value^exponent), named `name`.
    init(name: String, primaries: [Double], white: [Double], exponent: Double? = nil) {
        self.name = name
        curve = nil
        conversion = primaries.withUnsafeBufferPointer { p in
            white.withUnsafeBufferPointer { w in
                tview_color_open_primaries(p.baseAddress, w.baseAddress, exponent ?? 0)
            }
        }
    }

    /// A PNG's colour without a profile, as Chrome (Skia) reads it: a gAMA chunk gives the power
    /// curve value^(1/gamma), else sRGB's curve; a cHRM chunk gives the primaries and white
    /// point, else sRGB's. Nil with neither (the pixels are sRGB). Named by the chunks, with
    /// the gamma: "gAMA 0.45455", "gAMA 1.0 and cHRM".
    static func png(gamma: Int?, chromaticities: [Int]?) -> ColorProfile? {
        guard gamma != nil || chromaticities != nil else { return nil }
        let srgbChromaticities = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]
        let srgbGamut = chromaticities.map { zip($0, srgbChromaticities).allSatisfy { abs($0 - $1) <= 50 } } ?? true
        if srgbGamut {
            // Only the curve differs from sRGB's, if anything does.
            guard let gamma else { return nil }
            return ColorProfile(
                name: "gAMA " + Self.decimal(gamma) + (chromaticities == nil ? "" : " and cHRM"),
                exponent: 100_000 / Double(gamma))
        }
        let values = chromaticities.map { $0.map { Double($0) / 100_000 } }
        let white = values.map { Array($0[0..<2]) } ?? Self.d65
        let primaries = values.map { Array($0[2..<8]) } ?? Self.bt709Primaries
        let gammaText = gamma.map { "gAMA " + Self.decimal($0) }
        let name = [gammaText, chromaticities == nil ? nil : "cHRM"].compactMap { $0 }.joined(separator: " and ")
        return ColorProfile(
            name: name, primaries: primaries, white: white, exponent: gamma.map { 100_000 / Double($0) })
    }

    /// sRGB's primaries with the power curve value^exponent: a table of each byte's sRGB value.
    private init(name: String, exponent: Double) {
        self.name = name
        conversion = nil
        curve = (0..<256).map { value in
            let linear = pow(Double(value) / 255, exponent)
            let encoded = linear <= 0.003_130_8 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
            return UInt8(max(0, min(255, (encoded * 255).rounded())))
        }
    }

    /// 45455 as "0.45455", 100000 as "1.0": a gAMA value without a trailing zero beyond one.
    private static func decimal(_ hundredThousandths: Int) -> String {
        let whole = hundredThousandths / 100_000
        var fraction = String(hundredThousandths % 100_000)
        fraction = String(repeating: "0", count: 5 - fraction.count) + fraction
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }

    /// The colour an AVIF's nclx box states, where it is not sRGB's: Display P3 (SMPTE EG 432,
    /// D65) and BT.2020 primaries, taken with sRGB's tone curve (PQ and HLG go to `hdr` first).
    /// Nil for BT.709/sRGB and anything else.
    static func nclx(primaries: Int) -> ColorProfile? {
        switch primaries {
        case 12: return ColorProfile(name: "Display P3", primaries: displayP3Primaries, white: d65)
        case 9: return ColorProfile(name: "BT.2020", primaries: bt2020Primaries, white: d65)
        default: return nil
        }
    }

    /// Red, green and blue's x, y (sRGB's are BT.709's), and D65's.
    static let bt709Primaries = [0.64, 0.33, 0.30, 0.60, 0.15, 0.06]
    static let displayP3Primaries = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060]
    static let bt2020Primaries = [0.708, 0.292, 0.170, 0.797, 0.131, 0.046]
    static let d65 = [0.3127, 0.3290]

    /// An AVIF's HDR transfer (nclx transfer 16, PQ, or 18, HLG) with its primaries (9 BT.2020,
    /// 12 Display P3, else BT.709's), tone-mapped for an SDR screen (`HDRToneCurve`). Nil for
    /// any other transfer.
    static func hdr(transfer: Int, primaries: Int) -> ColorProfile? {
        let curve: [Float]
        let transferName: String
        switch transfer {
        case 16: (curve, transferName) = (HDRToneCurve.table(HDRToneCurve.pq), "PQ")
        case 18: (curve, transferName) = (HDRToneCurve.table(HDRToneCurve.hlg), "HLG")
        default: return nil
        }
        let (gamut, chromaticities): (String, [Double]) =
            switch primaries {
            case 9: ("BT.2020", Self.bt2020Primaries)
            case 12: ("Display P3", Self.displayP3Primaries)
            default: ("BT.709", Self.bt709Primaries)
            }
        return ColorProfile(name: "\(gamut) \(transferName)", primaries: chromaticities, curve: curve)
    }

    /// RGB with these primaries, D65 white and a tabulated curve.
    private init(name: String, primaries: [Double], curve: [Float]) {
        self.name = name
        self.curve = nil
        conversion = primaries.withUnsafeBufferPointer { p in
            Self.d65.withUnsafeBufferPointer { w in
                curve.withUnsafeBufferPointer { c in
                    tview_color_open_curve(p.baseAddress, w.baseAddress, c.baseAddress, Int32(c.count))
                }
            }
        }
    }

    deinit {
        tview_color_close(conversion)
    }

    /// Whether it converts from CMYK: only ink (`convert(ink:)`) goes through it.
    var isCMYK: Bool { conversion.map { tview_color_is_cmyk($0) != 0 } ?? false }

    /// Pixels whose four bytes are ink (C, M, Y, K; 0 none), as opaque sRGB.
    func convert(ink image: consuming RGBAImage) -> RGBAImage {
        guard let conversion, isCMYK else { return image }
        return Self.converted(image, by: conversion)
    }

    /// `image`'s pixels through lcms2's `conversion`: in place when the caller gives `image` up
    /// (`consume`), else in a copy.
    private static func converted(_ image: consuming RGBAImage, by conversion: OpaquePointer) -> RGBAImage {
        var converted = consume image
        let count = converted.pixels.count
        converted.pixels.withUnsafeMutableBytes { bytes in
            tview_color_convert(conversion, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count)
        }
        return converted
    }

    /// Whether converting changes anything.
    var isApplied: Bool { (conversion != nil && !isCMYK) || curve != nil }

    /// `image` in sRGB: in place when the caller gives `image` up (`consume`; a decoder that
    /// keeps its canvas for the next frame gets a copy, as it must).
    func convert(_ image: consuming RGBAImage) -> RGBAImage {
        if let curve {
            var converted = consume image
            converted.pixels.withUnsafeMutableBufferPointer { pixels in
                curve.withUnsafeBufferPointer { curve in
                    for index in pixels.indices {
                        let pixel = pixels[index]
                        pixels[index] = RGBA(
                            r: curve[Int(pixel.r)], g: curve[Int(pixel.g)], b: curve[Int(pixel.b)], a: pixel.a)
                    }
                }
            }
            return converted
        }
        guard let conversion, !isCMYK else { return image }
        return Self.converted(image, by: conversion)
    }

    /// sRGB's own profiles, named so by their makers (IEC's, HP's, Apple's, Google's).
    private static func describesSRGB(_ name: String) -> Bool {
        name.hasPrefix("sRGB") || name.hasPrefix("IEC 61966-2.1")
    }

    /// A JPEG's profile: its APP2 "ICC_PROFILE" segments joined in their stated order; nil when
    /// there are none or they do not make one whole profile.
    static func jpegProfile(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        let tag = Array("ICC_PROFILE".utf8) + [0]
        var parts: [Int: [UInt8]] = [:]
        var expected = 0
        var total = 0
        JPEGSegments.forEach(in: bytes) { marker, body in
            guard marker == 0xE2, body.count > 14, body.starts(with: tag) else { return true }
            total += body.count - 14
            parts[Int(body[12])] = Array(body[14...])
            expected = Int(body[13])
            return total <= largest
        }
        guard total <= largest, expected > 0, parts.count == expected, (1...expected).allSatisfy({ parts[$0] != nil })
        else {
            return nil
        }
        return (1...expected).flatMap { parts[$0]! }
    }

    /// A PNG iCCP chunk's profile: after the name and its zero and the method byte, a zlib
    /// stream; nil when malformed or over `largest`.
    static func pngProfile(iccp data: [UInt8]) -> [UInt8]? {
        guard let zero = data.prefix(80).firstIndex(of: 0), zero + 2 < data.count, data[zero + 1] == 0 else {
            return nil
        }
        let compressed = Array(data[(zero + 2)...])
        // Profiles are a few KB: a buffer that size first, four times larger while it is short.
        var capacity = 1 << 16
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            var larger: CInt = 0
            let size = compressed.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    tview_color_inflate(input.baseAddress, input.count, output.baseAddress, output.count, &larger)
                }
            }
            if size > 0 { return Array(out.prefix(size)) }
            guard larger != 0, capacity < largest else { return nil }
            capacity = min(capacity * 4, largest)
        }
    }

    /// A WebP's ICCP chunk (extended format: before the image data); nil when it has none.
    static func webpProfile(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let body = WebPChunk.body("ICCP", in: bytes, before: ["VP8 ", "VP8L", "ANIM", "ANMF"]),
            body.count <= largest
        else { return nil }
        return Array(body)
    }
}
