internal import CGIF

/// What a Graphics Control Extension says about the image after it.
struct GIFFrameControl {
    var delayCentiseconds = 0
    var disposal = GIFDisposal.unspecified
    var transparentIndex: Int?

    init() {}

    init(_ block: GraphicsControlBlock) {
        delayCentiseconds = Int(block.DelayTime)
        disposal = GIFDisposal(rawValue: Int(block.DisposalMode)) ?? .unspecified
        transparentIndex = block.TransparentColor == NO_TRANSPARENT_COLOR ? nil : Int(block.TransparentColor)
    }

    var duration: Duration {
        FrameDelay.playable(.milliseconds(delayCentiseconds * 10))
    }
}
