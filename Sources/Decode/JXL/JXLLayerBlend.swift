internal import CJXL

/// One layer being blended as libjxl decodes it: what its output callback is handed, to blend
/// each run of pixels into the canvas. Read-only but for the canvas's pixels, each run its own,
/// so libjxl's threads may call it at once.
final class JXLLayerBlend {
    let compositor: JXLCompositor
    let layer: JXLLayer
    let canvas: UnsafeMutablePointer<UInt16>

    init(compositor: JXLCompositor, layer: JXLLayer, canvas: UnsafeMutablePointer<UInt16>) {
        self.compositor = compositor
        self.layer = layer
        self.canvas = canvas
    }

    /// libjxl's image-out callback: `context` is an unretained `JXLLayerBlend`, `pixels` a run of
    /// `count` RGBA floats from (`x`, `y`) of the layer.
    static let callback: JxlImageOutCallback = { context, x, y, count, pixels in
        guard let context, let pixels else { return }
        let blend = Unmanaged<JXLLayerBlend>.fromOpaque(context).takeUnretainedValue()
        blend.compositor.blend(
            run: pixels.assumingMemoryBound(to: Float.self), x: x, y: y, count: count, layer: blend.layer,
            into: blend.canvas)
    }
}
