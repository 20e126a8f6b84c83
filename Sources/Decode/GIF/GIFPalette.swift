internal import CGIF

/// A 256-entry palette in RGBA. Indices past the colour table are opaque black, as browsers show
/// them.
struct GIFPalette {
    var colors = [RGBA](repeating: .opaqueBlack, count: 256)
    var transparentIndex: Int?
    /// False when the frame has neither a local nor a global colour table.
    private(set) var hasColors = false

    init(colorMap: UnsafeMutablePointer<ColorMapObject>?, transparentIndex: Int?) {
        self.transparentIndex = transparentIndex
        guard let map = colorMap?.pointee, let entries = map.Colors else { return }
        hasColors = true
        let count = min(Int(map.ColorCount), 256)
        for index in 0..<max(count, 0) {
            let color = entries[index]
            colors[index] = RGBA(r: color.Red, g: color.Green, b: color.Blue)
        }
    }
}
