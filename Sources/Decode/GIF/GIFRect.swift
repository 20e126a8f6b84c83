/// A frame's rectangle as the image descriptor states it; may reach past the canvas.
struct GIFRect {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
}
