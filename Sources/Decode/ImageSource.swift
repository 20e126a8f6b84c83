/// Where an `AnimatedImage`'s frames come from.
public enum ImageSource: Sendable, Equatable {
    /// One file (GIF, PNG/APNG, WebP, JPEG).
    case file
    /// Numbered files, one frame each (`FrameSequence`).
    case sequence(files: Int)
    /// Cells of a sprite sheet.
    case sheet(columns: Int, rows: Int)
}
