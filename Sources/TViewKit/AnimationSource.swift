internal import Decode

/// Where an ``Animation``'s frames come from.
///
/// The format of a file or of bytes is told from the data, never from a name.
public enum AnimationSource: Sendable, Equatable {
    /// A file: GIF, PNG or APNG, WebP, JPEG, AVIF, JPEG XL, or a video clip (MP4, MOV, WebM,
    /// MKV). `"-"` reads standard input.
    case file(path: String)
    /// An image held in memory; `name` names it in messages.
    case bytes([UInt8], name: String)
    /// Numbered image files played as one animation, each frame for `1 / framesPerSecond`:
    /// a printf pattern (`"frames/%04d.png"`), a folder, or a glob (`"shots/*.jpg"`).
    /// `range` keeps the files whose numbers fall in it.
    case sequence(pattern: String, framesPerSecond: Double, range: ClosedRange<Int>? = nil)
    /// A sprite sheet (the first frame of the file at `path`) cut as `layout` says, its first
    /// `count` frames (all when nil), each for `1 / framesPerSecond`.
    case spriteSheet(path: String, layout: SpriteSheetLayout, count: Int? = nil, framesPerSecond: Double)
}

extension AnimationSource {
    /// What a file argument names, as `tview` reads its command line: numbered files when it is
    /// a printf pattern, a folder or a glob (each frame for `1 / framesPerSecond`, those whose
    /// numbers fall in `range`), else one file (`"-"`: standard input).
    /// No folder is listed here: opening the sequence does that, once, and says what is wrong
    /// with it.
    /// - Throws: ``TViewError/open(reason:)`` when `range` is given for a single file.
    public static func named(
        _ argument: String, framesPerSecond: Double = 25, range: ClosedRange<Int>? = nil
    ) throws(TViewError) -> AnimationSource {
        if FrameSequence.namesSequence(argument) {
            return .sequence(pattern: argument, framesPerSecond: framesPerSecond, range: range)
        }
        if range != nil { throw .open(reason: "--range is for image sequences; this is one file") }
        return .file(path: argument)
    }
}
