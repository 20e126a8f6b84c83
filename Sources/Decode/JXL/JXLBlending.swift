/// How a JPEG XL layer's colour, or its alpha, is put onto the canvas below it (the codestream's
/// blending info, as libjxl reports it when it does not blend itself).
struct JXLBlending: Equatable {
    enum Mode: Equatable {
        /// The layer's value.
        case replace
        /// Below + layer.
        case add
        /// The layer over what is below, by its alpha.
        case blend
        /// Below + layer × the layer's alpha.
        case mulAdd
        /// Below × layer.
        case mul
    }

    var mode: Mode
    /// Which saved canvas (0 to 3) is below.
    var source: Int
    /// The layer's alpha (and a multiplying layer's values) held within 0...1 first.
    var clamp: Bool

    static let replace = JXLBlending(mode: .replace, source: 0, clamp: false)
}
