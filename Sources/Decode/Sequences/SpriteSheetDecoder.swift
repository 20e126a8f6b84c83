/// Frames cut from one image, a sprite sheet (`SheetLayout`): the sheet is decoded once, at the
/// first frame, and kept; each frame is a copy of its cell, shown for `frameDuration`.
final class SpriteSheetDecoder: FrameDecoder {
    let format: ImageFormat
    let canvasWidth: Int
    let canvasHeight: Int
    let loopCount: Int? = 0
    let declaredFrameCount: Int?
    private(set) var notes: [String] = []
    let columns: Int
    let rows: Int

    private let file: AnimatedImage
    private let count: Int
    private let frameDuration: Duration
    private var sheet: RGBAImage?
    private var next = 0

    init(file: AnimatedImage, layout: SheetLayout, count: Int?, frameDuration: Duration) throws(DecodeError) {
        self.file = file
        format = file.format
        let width = file.canvasWidth, height = file.canvasHeight
        switch layout {
        case .grid(let columns, let rows):
            guard columns >= 1, rows >= 1, columns <= width, rows <= height else {
                throw .doesNotFit(
                    option: "--sheet \(columns)x\(rows)",
                    detail: "a \(width)x\(height) image has no \(columns)x\(rows) grid")
            }
            self.columns = columns
            self.rows = rows
            canvasWidth = width / columns
            canvasHeight = height / rows
        case .frameSize(let frameWidth, let frameHeight):
            guard frameWidth >= 1, frameHeight >= 1, frameWidth <= width, frameHeight <= height else {
                throw .doesNotFit(
                    option: "--frame-size \(frameWidth)x\(frameHeight)",
                    detail: "a \(width)x\(height) image has no frames this size")
            }
            canvasWidth = frameWidth
            canvasHeight = frameHeight
            columns = width / frameWidth
            rows = height / frameHeight
        }
        if width % canvasWidth != 0 || height % canvasHeight != 0 {
            notes.append(
                "a \(width)x\(height) sheet is not a whole number of \(canvasWidth)x\(canvasHeight) frames: "
                    + "the rest at the right and bottom is left out")
        }
        let cells = columns * rows
        if let count, count > cells {
            throw .doesNotFit(
                option: "--count \(count)", detail: "the \(columns)x\(rows) sheet holds \(cells) frames")
        }
        self.count = max(1, count ?? cells)
        declaredFrameCount = self.count
        self.frameDuration = frameDuration
    }

    func rewind() throws(DecodeError) {
        next = 0
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        guard next < count else { return nil }
        if sheet == nil {
            guard let first = try file.nextFrame() else { throw .noFrames(format: format) }
            sheet = first.image
            notes += file.warnings
        }
        let sheet = sheet!
        let left = next % columns * canvasWidth, top = next / columns * canvasHeight
        next += 1
        var pixels: [RGBA] = []
        pixels.reserveCapacity(canvasWidth * canvasHeight)
        sheet.pixels.withUnsafeBufferPointer { source in
            for y in top..<(top + canvasHeight) {
                pixels += source[(y * sheet.width + left)..<(y * sheet.width + left + canvasWidth)]
            }
        }
        return Frame(
            image: RGBAImage(width: canvasWidth, height: canvasHeight, pixels: pixels), duration: frameDuration)
    }
}
