/// Where a picture goes on a terminal: how many half-block pixels it becomes and where its cell
/// grid sits (centred) in the available area, keeping its aspect ratio.
public struct DisplayFit: Sendable, Equatable {
    /// Pixels across (one per cell column) and down (two per cell row).
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let rows: Int
    public let columns: Int
    public let originRow: Int
    public let originColumn: Int

    /// - Parameters:
    ///   - cellAspect: a cell's height over its width on screen; 2 when the terminal does not say.
    ///   - upscale: enlarge small images by a whole factor (nearest neighbour keeps pixel art
    ///     crisp); otherwise a picture is never drawn larger than one pixel per half cell.
    ///   - imagePixelAspect: how much taller than wide the image's pixels are shown (a video
    ///     frame decoded for text cells, `RGBAImage.pixelAspect`).
    public init(
        imageWidth: Int, imageHeight: Int, areaColumns: Int, areaRows: Int, cellAspect: Double = 2,
        upscale: Bool = true,
        imagePixelAspect: Double = 1
    ) {
        let columns = max(1, areaColumns)
        let rows = max(1, areaRows)
        let width = Double(max(1, imageWidth))
        // A half-block pixel is cellAspect / 2 times as tall as it is wide: express the image's
        // height (as shown) in half-block pixels at the width's scale.
        let pixelAspect = cellAspect > 0 ? cellAspect / 2 : 1
        let height = Double(max(1, imageHeight)) * imagePixelAspect / pixelAspect
        var scale = min(Double(columns) / width, Double(2 * rows) / height)
        if scale >= 1 {
            scale = upscale ? scale.rounded(.down) : 1
        }
        pixelWidth = min(columns, max(1, Int((width * scale).rounded())))
        pixelHeight = min(2 * rows, max(1, Int((height * scale).rounded())))
        self.columns = pixelWidth
        self.rows = (pixelHeight + 1) / 2
        originColumn = (columns - self.columns) / 2
        originRow = (rows - self.rows) / 2
    }
}
