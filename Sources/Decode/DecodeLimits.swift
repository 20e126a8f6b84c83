/// The sizes tview agrees to allocate for, whatever a file declares.
public enum DecodeLimits {
    /// Largest canvas, in pixels: 16384 × 16384 is the cap, but at 4 bytes a pixel
    /// that is 1 GiB a canvas, so the budget is lower: 8192 × 8192 (256 MiB). A side may be
    /// longer than 16384 as long as the area fits (a 1000000x1 strip is a legal PNG).
    public static let maxPixels = 8192 * 8192

    /// Longest side accepted (libpng's own default limit).
    public static let maxSide = 1_000_000

    /// The pixel count of a `width` × `height` canvas, or nil when it is empty, too long on one
    /// side, or over the budget. Every multiplication is checked.
    public static func checkedPixelCount(width: Int, height: Int) -> Int? {
        guard width > 0, height > 0, width <= maxSide, height <= maxSide else { return nil }
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, count <= maxPixels else { return nil }
        return count
    }

    /// Throws unless `width` × `height` is a canvas tview will allocate.
    static func checkCanvas(width: Int, height: Int, format: ImageFormat) throws(DecodeError) {
        guard width > 0, height > 0 else {
            throw .corrupt(format: format, detail: "canvas is \(width)x\(height)")
        }
        guard checkedPixelCount(width: width, height: height) != nil else {
            throw .tooLarge(format: format, width: width, height: height)
        }
    }
}
