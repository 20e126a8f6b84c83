internal import CJXL
internal import CCodecLoader

/// What a JPEG XL's colour takes, read once libjxl has reported its colour encoding. A lossy
/// (XYB) file is asked for sRGB, which libjxl makes itself from any space; the others come in
/// the space the file names (an ICC profile, or libjxl's own encoding: Display P3, a gamma
/// curve, ...), which lcms2 converts from the ICC profile libjxl gives for the decoded pixels.
/// Converted once: by libjxl or by lcms2, never both.
enum JXLColorProfile {
    /// Asks libjxl for sRGB (grey for a grey picture, as libjxl wants): it can for a lossy file
    /// only, and says no to the others, which keep their own space. Set at every colour encoding
    /// event (after a rewind too).
    static func preferSRGB(_ decoder: OpaquePointer, grey: Bool) {
        var srgb = JxlColorEncoding()
        tview_JxlColorEncodingSetToSRGB(&srgb, grey ? JXL_TRUE : JXL_FALSE)
        _ = tview_JxlDecoderSetPreferredColorProfile(decoder, &srgb)
    }

    /// The profile the decoded pixels are converted from (nil: they are sRGB already). Where
    /// libjxl made them sRGB from another space, that space's name, with nothing to apply.
    static func profile(of decoder: OpaquePointer) -> ColorProfile? {
        var data = JxlColorEncoding()
        let dataEncoded =
            tview_JxlDecoderGetColorAsEncodedProfile(decoder, JXL_COLOR_PROFILE_TARGET_DATA, &data)
            == JXL_DEC_SUCCESS
        if dataEncoded, isSRGB(data) {
            // sRGB already: libjxl made a lossy file's pixels so from the space it names, if another.
            var original = JxlColorEncoding()
            let originalEncoded =
                tview_JxlDecoderGetColorAsEncodedProfile(decoder, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &original)
                == JXL_DEC_SUCCESS
            if originalEncoded, isSRGB(original) { return nil }
            let name =
                (originalEncoded ? commonName(original) : nil)
                ?? icc(decoder, JXL_COLOR_PROFILE_TARGET_ORIGINAL).map(ColorProfile.description(icc:))
            return name.map(ColorProfile.init(convertedByDecoder:))
        }
        guard let icc = icc(decoder, JXL_COLOR_PROFILE_TARGET_DATA) else { return nil }
        return ColorProfile(icc: icc, name: dataEncoded ? commonName(data) : nil)
    }

    /// The ICC profile libjxl gives for `target` (the file's own, or one it makes from its
    /// encoding); nil when there is none or it is over `ColorProfile.largest`.
    private static func icc(_ decoder: OpaquePointer, _ target: JxlColorProfileTarget) -> [UInt8]? {
        var size = 0
        guard tview_JxlDecoderGetICCProfileSize(decoder, target, &size) == JXL_DEC_SUCCESS, size > 0,
            size <= ColorProfile.largest
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        let status = bytes.withUnsafeMutableBufferPointer {
            tview_JxlDecoderGetColorAsICCProfile(decoder, target, $0.baseAddress, size)
        }
        return status == JXL_DEC_SUCCESS ? bytes : nil
    }

    /// sRGB, or grey with sRGB's curve and white: the pixels need nothing.
    private static func isSRGB(_ encoding: JxlColorEncoding) -> Bool {
        let space =
            encoding.color_space == JXL_COLOR_SPACE_GRAY
            || (encoding.color_space == JXL_COLOR_SPACE_RGB && encoding.primaries == JXL_PRIMARIES_SRGB)
        return space && encoding.white_point == JXL_WHITE_POINT_D65
            && encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB
    }

    /// The names AVIF's nclx colours have, for the same spaces (libjxl's own profiles are
    /// described in its code, "RGB_D65_DCI_Per_SRG"); nil for the others.
    private static func commonName(_ encoding: JxlColorEncoding) -> String? {
        guard encoding.color_space == JXL_COLOR_SPACE_RGB, encoding.white_point == JXL_WHITE_POINT_D65,
            encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB
        else { return nil }
        switch encoding.primaries {
        case JXL_PRIMARIES_P3: return "Display P3"
        case JXL_PRIMARIES_2100: return "BT.2020"
        default: return nil
        }
    }
}
