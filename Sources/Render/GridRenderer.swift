public import Decode

/// Turns frames into cell grids for an area of the terminal: fits the picture (aspect kept,
/// centred), scales it to half-block pixels and makes cells in the colour mode. The scaler is
/// kept while the canvas and target sizes stay the same, so playing costs no set-up per frame.
public struct GridRenderer {
    public var builder: CellGridBuilder
    public var upscale: Bool
    private var scaler: Downsampler?
    private var fit: DisplayFit?
    private var fitKey: [Int] = []

    public init(builder: CellGridBuilder, upscale: Bool = true) {
        self.builder = builder
        self.upscale = upscale
    }

    /// The grid for `image`, centred in an area of `columns` × `rows` cells at the screen's top left.
    public mutating func render(_ image: RGBAImage, columns: Int, rows: Int, cellAspect: Double?) -> CellGrid {
        let aspect = cellAspect ?? 2
        let key = [image.width, image.height, columns, rows, Int(aspect * 1000), upscale ? 1 : 0]
        if key != fitKey {
            let fit = DisplayFit(
                imageWidth: image.width, imageHeight: image.height, areaColumns: columns, areaRows: rows,
                cellAspect: aspect, upscale: upscale)
            self.fit = fit
            scaler = Downsampler(
                sourceWidth: image.width, sourceHeight: image.height, targetWidth: fit.pixelWidth,
                targetHeight: fit.pixelHeight)
            fitKey = key
        }
        let picture = scaler!.scale(image)
        return builder.build(picture, originRow: fit!.originRow, originColumn: fit!.originColumn)
    }
}
