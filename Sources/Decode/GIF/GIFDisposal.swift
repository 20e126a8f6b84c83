/// What happens to a GIF frame's rectangle before the next frame is drawn.
enum GIFDisposal: Int {
    /// 0: no disposal specified; browsers leave the frame in place.
    case unspecified = 0
    /// 1: leave the frame in place.
    case keep = 1
    /// 2: clear the rectangle to transparent (browsers; not the background colour).
    case background = 2
    /// 3: restore the rectangle to what it was before the frame was drawn.
    case previous = 3
}
