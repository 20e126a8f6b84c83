internal import CJXL
internal import CCodecLoader

/// What an animation's frame headers say before any pixel is decoded: how many frames it shows,
/// each one's duration in ticks, and whether every frame stands alone. Read by a decoder of its
/// own that asks libjxl for frame headers only, so it jumps over each frame's data (0.7–1.1 ms
/// for 120 frames of 720p held in memory). Knowing the count up front lets a player that falls
/// behind pass over frames from the first loop on, never over the last.
///
/// A frame stands alone when it replaces the whole canvas (colour and alpha) and is kept for no
/// later frame: then no frame needs another, and one passed over with `JxlDecoderSkipFrames`
/// costs almost nothing. cjxl makes such frames from an APNG whose frames are whole, cleared and
/// not blended; from a GIF, or layers smaller than the canvas, every frame is blended onto the
/// one before and kept for the next, so each needs every earlier one decoded.
struct JXLFramePlan {
    /// Each shown frame's duration, in the animation's ticks.
    let durations: [Int]
    let framesStandAlone: Bool

    /// Headers are read for at most this many frames (layers): a file with more is played
    /// without a plan, as before one pass is over.
    static let mostFrames = 1 << 20

    /// The plan of the animation in `bytes` of `width` x `height` (whose alpha, if `hasAlpha`,
    /// must be replaced too), or nil where the file does not read to the end of its last frame
    /// (cut short or damaged: the decoder then finds out as it plays).
    static func read(
        _ bytes: UnsafeRawBufferPointer, width: Int, height: Int, hasAlpha: Bool
    ) -> JXLFramePlan? {
        guard let decoder = tview_JxlDecoderCreate(nil) else { return nil }
        defer { tview_JxlDecoderDestroy(decoder) }
        guard tview_JxlDecoderSetCoalescing(decoder, JXL_FALSE) == JXL_DEC_SUCCESS,
            tview_JxlDecoderSubscribeEvents(decoder, CInt(JXL_DEC_FRAME.rawValue)) == JXL_DEC_SUCCESS,
            tview_JxlDecoderSetInput(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
                == JXL_DEC_SUCCESS
        else { return nil }
        var durations: [Int] = []
        var standAlone = true
        var layers = 0
        while layers < mostFrames {
            switch tview_JxlDecoderProcessInput(decoder) {
            case JXL_DEC_FRAME:
                layers += 1
                var header = JxlFrameHeader()
                guard tview_JxlDecoderGetFrameHeader(decoder, &header) == JXL_DEC_SUCCESS else { return nil }
                let last = header.is_last != 0
                let shown = header.duration > 0 || last
                if shown { durations.append(Int(header.duration)) }
                if standAlone {
                    standAlone =
                        shown && covers(header.layer_info, width: width, height: height)
                        && header.layer_info.blend_info.blendmode == JXL_BLEND_REPLACE
                        && (last || header.layer_info.save_as_reference == 0)
                        && (!hasAlpha || alphaReplaced(decoder))
                }
                // The last frame's data must be there too: libjxl jumps over it to the end.
                if last {
                    guard tview_JxlDecoderProcessInput(decoder) == JXL_DEC_SUCCESS else { return nil }
                    return JXLFramePlan(durations: durations, framesStandAlone: standAlone)
                }
            default:
                // The end without a last frame, a cut, or an error: no plan.
                return nil
            }
        }
        return nil
    }

    /// The layer is the whole canvas.
    private static func covers(_ info: JxlLayerInfo, width: Int, height: Int) -> Bool {
        info.have_crop == 0
            || (info.crop_x0 <= 0 && info.crop_y0 <= 0 && Int(info.crop_x0) + Int(info.xsize) >= width
                && Int(info.crop_y0) + Int(info.ysize) >= height)
    }

    private static func alphaReplaced(_ decoder: OpaquePointer) -> Bool {
        var blend = JxlBlendInfo()
        return tview_JxlDecoderGetExtraChannelBlendInfo(decoder, 0, &blend) == JXL_DEC_SUCCESS
            && blend.blendmode == JXL_BLEND_REPLACE
    }
}
