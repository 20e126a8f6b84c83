public import Decode

/// Turns frames into `PixelPicture`s for an area of a pixel terminal: fits the picture
/// (`PixelLayout`), scales it, blends transparency over the background (or leaves it for the
/// terminal to compose, `background` nil). Like `GridRenderer`, it
/// keeps its scaler while sizes stay, and rescales only what a frame changed since the last one.
public struct PixelRenderer {
    /// What transparency is blended over; nil keeps it (the terminal composes the picture over
    /// its own background).
    public var background: RGBA?
    public var upscale: Bool
    public let terminalScales: Bool
    private var scaler: Downsampler?
    private var layout: PixelLayout?
    private var layoutKey: [Int] = []
    private var lastScaled: RGBAImage?
    private var lastSerial: UInt64 = 0

    public init(background: RGBA?, upscale: Bool, terminalScales: Bool) {
        self.background = background
        self.upscale = upscale
        self.terminalScales = terminalScales
    }

    public mutating func render(
        _ image: RGBAImage, serial: UInt64 = 0, change: CanvasChange? = nil, frame: FrameIdentity, areaColumns: Int,
        areaRows: Int, cellWidth: Int, cellHeight: Int
    ) -> PixelPicture {
        let key = [image.width, image.height, areaColumns, areaRows, cellWidth, cellHeight, upscale ? 1 : 0]
        if key != layoutKey {
            let layout = PixelLayout(
                imageWidth: image.width, imageHeight: image.height, areaColumns: areaColumns, areaRows: areaRows,
                cellWidth: cellWidth, cellHeight: cellHeight, upscale: upscale, terminalScales: terminalScales)
            self.layout = layout
            scaler =
                layout.pictureWidth == image.width && layout.pictureHeight == image.height
                ? nil
                : Downsampler(
                    sourceWidth: image.width, sourceHeight: image.height, targetWidth: layout.pictureWidth,
                    targetHeight: layout.pictureHeight)
            layoutKey = key
            lastScaled = nil
        }
        let scaled: RGBAImage
        if scaler == nil {
            scaled = image
        } else if let change, serial != 0, change.since == lastSerial, let previous = lastScaled.take() {
            scaled = scaler!.scale(image, changedIn: change.rect, previous: previous)
        } else {
            scaled = scaler!.scale(image)
        }
        lastScaled = scaler == nil ? nil : scaled
        lastSerial = serial
        let layout = layout!
        return PixelPicture(image: placed(scaled, in: layout), layout: layout, frame: frame)
    }

    /// The picture over the background (transparent margins and pixels kept when there is
    /// none), placed in the sent image. Every pixel is written once: margins with the
    /// background, the picture's rows copied or blended (an opaque pixel is itself).
    private func placed(_ picture: RGBAImage, in layout: PixelLayout) -> RGBAImage {
        let (width, height) = (layout.imageWidth, layout.imageHeight)
        let margin = background.map { RGBA(r: $0.r, g: $0.g, b: $0.b, a: 255) } ?? .transparent
        let pixels = [RGBA](unsafeUninitializedCapacity: width * height) { out, initialized in
            picture.pixels.withUnsafeBufferPointer { source in
                let out = out.baseAddress!
                let pictureRows = layout.pictureY..<(layout.pictureY + picture.height)
                let right = layout.pictureX + picture.width
                for y in 0..<height {
                    let row = out + y * width
                    guard pictureRows.contains(y) else {
                        row.initialize(repeating: margin, count: width)
                        continue
                    }
                    row.initialize(repeating: margin, count: layout.pictureX)
                    (row + right).initialize(repeating: margin, count: width - right)
                    let from = source.baseAddress! + (y - layout.pictureY) * picture.width
                    let to = row + layout.pictureX
                    if let background {
                        for x in 0..<picture.width {
                            (to + x).initialize(to: from[x].over(r: background.r, g: background.g, b: background.b))
                        }
                    } else {
                        to.initialize(from: from, count: picture.width)
                    }
                }
            }
            initialized = width * height
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
