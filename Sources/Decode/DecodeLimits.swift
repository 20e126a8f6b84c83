/// The sizes and the memory tview agrees to allocate for, whatever a file declares.
public struct DecodeLimits: Sendable, Equatable {
    /// Largest canvas, in pixels: 8192 × 8192 (256 MiB at 4 bytes a pixel). A side may be longer
    /// than 8192 as long as the area fits (a 1000000x1 strip is a legal PNG).
    public static let maxPixels = 8192 * 8192

    /// Longest side accepted (libpng's own default limit).
    public static let maxSide = 1_000_000

    /// The default `memoryBudget`: 512 MiB.
    public static let defaultMemoryBudget = 512 << 20

    /// What tview takes whatever the file: the program and its libraries, the screen, the
    /// player's buffers and its default frame cache (measured: 11 MB for `--info`, 20 to 30 MB
    /// playing full screen).
    public static let processOverhead = 32 << 20

    /// The most memory tview may come to hold for one file, in bytes, as peak RSS: the canvas
    /// and what its format keeps beside it at worst (`canvasesHeld`, measured per decoder with
    /// frames that cover the whole canvas), the file's bytes where they are mapped or copied,
    /// and `processOverhead`. Checked when the file is opened, before anything is allocated.
    /// Canvas pages no frame draws on are never touched, so what is used is often far less.
    public var memoryBudget: Int
    /// Where it is known how large the picture is shown: video frames are made no larger
    /// (decoding at the size shown; other formats decode whole and are downsampled after).
    public var frameBound: FrameBound?
    /// Embedded colour profiles are converted to sRGB (as browsers show them); off, pixels come
    /// as stored (conformance references that hold another format's raw values).
    public var convertsColorProfiles: Bool
    /// A picture that decodes at a smaller scale (a JPEG, through its DCT scaling) and is over
    /// these limits at full size is decoded at the largest smaller scale within them instead of
    /// refused (`--info`: a description needs no full-size pixels; playing asks for the size it
    /// shows through `frameBound`).
    public var scalesToFit = false

    public init(
        memoryBudget: Int = DecodeLimits.defaultMemoryBudget, frameBound: FrameBound? = nil,
        convertsColorProfiles: Bool = true
    ) {
        self.memoryBudget = memoryBudget
        self.frameBound = frameBound
        self.convertsColorProfiles = convertsColorProfiles
    }

    /// The pixel count of a `width` × `height` canvas, or nil when it is empty, too long on one
    /// side, or over `maxPixels`. Every multiplication is checked.
    public static func checkedPixelCount(width: Int, height: Int) -> Int? {
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= maxPixels else { return nil }
        return count
    }

    /// Throws unless `width` × `height` is a canvas tview will allocate at all.
    static func checkCanvas(width: Int, height: Int, format: ImageFormat) throws(DecodeError) {
        guard width > 0, height > 0 else {
            throw .corrupt(format: format, detail: "canvas is \(width)x\(height)")
        }
        guard checkedPixelCount(width: width, height: height) != nil else {
            throw .tooLarge(format: format, width: width, height: height)
        }
    }

    /// Throws unless decoding a `width` × `height` canvas, with `canvases` canvas-sized buffers
    /// and `alsoBytes` more held at worst, fits `memoryBudget` with `processOverhead`.
    func checkMemory(width: Int, height: Int, canvases: Int, alsoBytes: Int = 0, format: ImageFormat)
        throws(DecodeError)
    {
        try Self.checkCanvas(width: width, height: height, format: format)
        // At most 8192² × 4 × 4 plus a file's size: no overflow.
        let needed = width * height * 4 * canvases + alsoBytes + Self.processOverhead
        guard needed <= memoryBudget else {
            throw .overBudget(format: format, width: width, height: height, needed: needed, budget: memoryBudget)
        }
    }
}
