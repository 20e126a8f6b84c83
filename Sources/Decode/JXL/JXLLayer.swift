/// One JPEG XL frame as the codestream has it, before blending: where it lies on the canvas, how
/// it is blended, whether the result is kept for later frames and whether it is shown.
struct JXLLayer: Equatable {
    /// The layer's own pixels' place on the canvas: it may reach past any side of it.
    var rect: PixelRect
    var color: JXLBlending
    /// The alpha channel's own blending (unused without alpha).
    var alpha: JXLBlending
    /// The saved canvas (0 to 3) the result becomes, if any.
    var savedAs: Int?
    /// Shown, as opposed to a layer only for frames after it (no duration, not the last).
    var shown: Bool
    /// The file's last.
    var last: Bool
}
