import ArgumentParser
import Decode
import TViewKit

/// What else a FILE can be: numbered frames (a printf pattern, a folder, a quoted glob) or a
/// sprite sheet; and how fast those play. What `SourceArguments` parses or `QuickCommandLine`
/// reads.
struct SourceOptions: Equatable {
    static let defaults = SourceOptions()

    var fps: Double = 25
    var range: FrameRange?
    var sheet: Size?
    var frameSize: Size?
    var count: Int?

    /// What is wrong with these options together, for a usage error; nil when nothing is.
    var problem: String? {
        guard fps > 0, fps <= 1000 else { return "--fps takes a number above 0, up to 1000" }
        if sheet != nil && frameSize != nil { return "--sheet and --frame-size cannot be combined" }
        if count != nil && sheet == nil && frameSize == nil {
            return "--count goes with --sheet or --frame-size"
        }
        if let count, count < 1 { return "--count takes 1 or more" }
        if range != nil && (sheet != nil || frameSize != nil) {
            return "--range is for image sequences, not sprite sheets"
        }
        return nil
    }

    private var frameDuration: Duration { .nanoseconds(Int64((1e9 / fps).rounded())) }

    /// Opens `argument` as what it names: a sprite sheet when asked for, an image sequence when
    /// it is a pattern, a folder or a glob, else a file.
    /// A pipe that keeps tview waiting can be given up with q, Esc or Ctrl-C (`InputWait`).
    func open(_ argument: String, limits: DecodeLimits) throws(DecodeError) -> AnimatedImage {
        let wait = InputWait()
        defer { wait.end() }
        // A sheet's cells and a sequence's frames are measured on the canvases as decoded: a
        // JPEG among them is refused over the limits rather than decoded smaller.
        var whole = limits
        whole.scalesToFit = false
        if let layout {
            return try AnimatedImage.open(
                sheet: argument, layout: layout, count: count, frameDuration: frameDuration, limits: whole,
                whileWaiting: wait.keepWaiting)
        }
        if let sequence = try FrameSequence.find(argument, range: range.map { $0.first...$0.last }) {
            return try AnimatedImage.open(sequence: sequence, frameDuration: frameDuration, limits: whole)
        }
        if range != nil { throw .unreadable(reason: "--range is for image sequences; this is one file") }
        return try AnimatedImage.open(path: argument, limits: limits, whileWaiting: wait.keepWaiting)
    }

    /// Opens `argument` as what it names (see `open`), through the library: for the modes that
    /// show a still frame.
    func animation(_ argument: String, limits: DecodeLimits) throws(TViewError) -> Animation {
        let wait = InputWait()
        defer { wait.end() }
        let source: AnimationSource
        if let sheet {
            source = .spriteSheet(
                path: argument, layout: .grid(columns: sheet.width, rows: sheet.height), count: count,
                framesPerSecond: fps)
        } else if let frameSize {
            source = .spriteSheet(
                path: argument, layout: .frameSize(width: frameSize.width, height: frameSize.height), count: count,
                framesPerSecond: fps)
        } else {
            source = try .named(argument, framesPerSecond: fps, range: range.map { $0.first...$0.last })
        }
        return try Animation(
            source, memoryBudget: limits.memoryBudget,
            largestPicture: limits.frameBound.map { ($0.width, $0.height) }, whileWaiting: wait.keepWaiting)
    }

    private var layout: SheetLayout? {
        if let sheet { return .grid(columns: sheet.width, rows: sheet.height) }
        if let frameSize { return .frameSize(width: frameSize.width, height: frameSize.height) }
        return nil
    }

    /// `--sheet 8x4`, `--frame-size 64x64`.
    struct Size: ExpressibleByArgument, Equatable {
        let width: Int
        let height: Int

        init?(argument: String) {
            guard let (width, height) = Dimensions.parse(argument, widths: 1...100_000, heights: 1...100_000) else {
                return nil
            }
            self.width = width
            self.height = height
        }
    }

    /// `--range 10-200`.
    struct FrameRange: ExpressibleByArgument, Equatable {
        let first: Int
        let last: Int

        init?(argument: String) {
            let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), first >= 0, last >= first
            else { return nil }
            self.first = first
            self.last = last
        }
    }
}
