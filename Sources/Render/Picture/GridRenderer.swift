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
    /// The last picture scaled, and the serial of the frame it came from: a frame that says what
    /// changed since that one is scaled only there.
    private var lastPicture: RGBAImage?
    private var lastSerial: UInt64 = 0
    /// The last mosaic picture and its cells, for reusing the cells that did not change.
    private var lastMosaic: (picture: RGBAImage, grid: CellGrid)?

    public init(builder: CellGridBuilder, upscale: Bool = true) {
        self.builder = builder
        self.upscale = upscale
    }

    /// The grid for `image`, centred in an area of `columns` × `rows` cells at the screen's top left.
    public mutating func render(_ image: RGBAImage, columns: Int, rows: Int, cellAspect: Double?) -> CellGrid {
        render(image, serial: 0, change: nil, columns: columns, rows: rows, cellAspect: cellAspect)
    }

    /// The grid for a decoded frame (`serial`, and what it `change`d since an earlier frame);
    /// when that earlier frame is the one rendered last, only the changed part is scaled again.
    public mutating func render(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, columns: Int, rows: Int, cellAspect: Double?
    ) -> CellGrid {
        let aspect = cellAspect ?? 2
        let symbols = builder.symbols
        var mosaic = symbols == .half ? nil : MosaicCellBuilder(symbols: symbols, base: builder)
        let key = [
            image.width, image.height, columns, rows, Int(aspect * 1000), upscale ? 1 : 0,
            mosaic?.samplesAcross ?? 1, mosaic?.samplesDown ?? 2,
        ]
        // The first picture at a size is waited for (a file's first frame, after a resize): on
        // all processors. Later ones are prepared ahead while others show: on one.
        let waitedFor = key != fitKey
        if waitedFor {
            let fit = DisplayFit(
                imageWidth: image.width, imageHeight: image.height, areaColumns: columns, areaRows: rows,
                cellAspect: aspect, upscale: upscale)
            self.fit = fit
            // Half blocks: the fit's pixels; mosaics: its cells, each of their samples.
            scaler = Downsampler(
                sourceWidth: image.width, sourceHeight: image.height,
                targetWidth: mosaic.map { fit.columns * $0.samplesAcross } ?? fit.pixelWidth,
                targetHeight: mosaic.map { fit.rows * $0.samplesDown } ?? fit.pixelHeight,
                areaWhenEnlarging: mosaic != nil)
            fitKey = key
            lastPicture = nil
            lastMosaic = nil
        }
        scaler!.parallel = waitedFor
        mosaic?.parallel = waitedFor
        let picture: RGBAImage
        if let change, serial != 0, change.since == lastSerial, let previous = lastPicture.take() {
            picture = scaler!.scale(image, changedIn: change.rect, previous: previous)
        } else {
            picture = scaler!.scale(image)
        }
        lastPicture = picture
        lastSerial = serial
        if let mosaic {
            // Only cells whose samples changed are worked out again.
            let grid = mosaic.build(
                picture, originRow: fit!.originRow, originColumn: fit!.originColumn,
                previous: lastMosaic.map { ($0.picture, $0.grid) })
            lastMosaic = (picture, grid)
            return grid
        }
        return builder.build(picture, originRow: fit!.originRow, originColumn: fit!.originColumn)
    }
}
