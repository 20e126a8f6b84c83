/// Where a picture goes on a terminal that draws pixels: the cells it covers (centred in the
/// area, aspect kept) and the pixels tview sends for it.
///
/// What is sent is a canvas of whole cells with the picture centred in it, so any cell-aligned
/// part can be sent on its own and covers its cells, and a terminal that stretches images over
/// cells (kitty, with both `c` and `r`) keeps the aspect. Terminals that scale (kitty) get an
/// enlarged picture at its own size, the canvas around it at the same scale (fewer bytes; the
/// terminal enlarges it); the others (sixel) get it at screen pixels.
public struct PixelLayout: Sendable, Equatable {
    /// The picture's size on screen, in screen pixels.
    public let displayWidth: Int
    public let displayHeight: Int
    /// The cells it covers, and the first of them (0-based, in the area).
    public let columns: Int
    public let rows: Int
    public private(set) var originColumn: Int
    public private(set) var originRow: Int
    /// The pixels sent: what `PixelRenderer` makes.
    public let imageWidth: Int
    public let imageHeight: Int
    /// Where the picture sits in the sent image, and at what size (both in sent pixels).
    public let pictureX: Int
    public let pictureY: Int
    public let pictureWidth: Int
    public let pictureHeight: Int
    public let cellWidth: Int
    public let cellHeight: Int
    /// The terminal stretches the sent image over `columns` × `rows` cells, by `scaleFactor`
    /// (1: one sent pixel is one screen pixel; not a whole number when the picture fills the
    /// area).
    public let terminalScales: Bool
    public let scaleFactor: Double

    /// - Parameters:
    ///   - upscale: enlarge small images: to fill the area where the terminal scales (kitty,
    ///     iTerm2: it costs no bytes), by a whole factor where tview does (pixel art stays crisp).
    ///   - terminalScales: the terminal scales what it is sent (kitty); otherwise it shows one
    ///     pixel per screen pixel.
    public init(
        imageWidth sourceWidth: Int, imageHeight sourceHeight: Int, areaColumns: Int, areaRows: Int, cellWidth: Int,
        cellHeight: Int, upscale: Bool, terminalScales: Bool
    ) {
        let cellWidth = max(1, cellWidth), cellHeight = max(1, cellHeight)
        let areaWidth = max(1, areaColumns) * cellWidth
        let areaHeight = max(1, areaRows) * cellHeight
        let width = Double(max(1, sourceWidth)), height = Double(max(1, sourceHeight))
        var scale = min(Double(areaWidth) / width, Double(areaHeight) / height)
        if scale >= 1 { scale = upscale ? (terminalScales ? scale : scale.rounded(.down)) : 1 }
        displayWidth = min(areaWidth, max(1, Int((width * scale).rounded())))
        displayHeight = min(areaHeight, max(1, Int((height * scale).rounded())))
        columns = (displayWidth + cellWidth - 1) / cellWidth
        rows = (displayHeight + cellHeight - 1) / cellHeight
        originColumn = (max(1, areaColumns) - columns) / 2
        originRow = (max(1, areaRows) - rows) / 2
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.terminalScales = terminalScales
        // The terminal stretches the sent canvas by `factor` (1 when tview reduced the picture
        // itself or the terminal does not scale): the canvas is the cells' size over it, so the
        // stretch keeps the aspect within a sent pixel.
        let enlarged = terminalScales && scale > 1
        let factor = enlarged ? scale : 1
        scaleFactor = factor
        pictureWidth = enlarged ? max(1, sourceWidth) : displayWidth
        pictureHeight = enlarged ? max(1, sourceHeight) : displayHeight
        self.imageWidth = max(pictureWidth, Int((Double(columns * cellWidth) / factor).rounded()))
        self.imageHeight = max(pictureHeight, Int((Double(rows * cellHeight) / factor).rounded()))
        pictureX = (self.imageWidth - pictureWidth) / 2
        pictureY = (self.imageHeight - pictureHeight) / 2
    }

    /// The same layout with its cells moved (a gallery tile's place on the screen).
    public func moved(rows: Int, columns: Int) -> PixelLayout {
        var copy = self
        copy.originRow += rows
        copy.originColumn += columns
        return copy
    }
}
