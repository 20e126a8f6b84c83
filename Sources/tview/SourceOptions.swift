import ArgumentParser
import TViewKit

/// What else a FILE can be: numbered frames (a printf pattern, a folder, a quoted glob) or a
/// sprite sheet; and how fast those play. The options for them as `--help` lists them.
struct SourceOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Frames per second of image sequences and sprite sheets (above 0, up to 1000; 25 is what ffmpeg assumes).",
            valueName: "FPS"))
    var fps: Double = 25

    @Option(
        name: .long,
        help: ArgumentHelp("Play frames numbered A to B of an image sequence.", valueName: "A-B"))
    var range: FrameRange?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "FILE is a sprite sheet of COLS x ROWS frames (left to right, then down).", valueName: "COLSxROWS"))
    var sheet: Size?

    @Option(
        name: .long,
        help: ArgumentHelp("FILE is a sprite sheet of frames this size, as many as fit.", valueName: "WxH"))
    var frameSize: Size?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Play only the first N frames of a sprite sheet (1 or more).", valueName: "N"))
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

    /// What `argument` names: a sprite sheet when asked for, an image sequence when it is a
    /// pattern, a folder or a glob, else a file.
    func source(_ argument: String) throws(TViewError) -> AnimationSource {
        if let sheet {
            return .spriteSheet(
                path: argument, layout: .grid(columns: sheet.width, rows: sheet.height), count: count,
                framesPerSecond: fps)
        }
        if let frameSize {
            return .spriteSheet(
                path: argument, layout: .frameSize(width: frameSize.width, height: frameSize.height), count: count,
                framesPerSecond: fps)
        }
        return try .named(argument, framesPerSecond: fps, range: range.map { $0.first...$0.last })
    }

    /// Opens `argument` for playing or showing, decoded no larger than `largestPicture` where
    /// it can be. A pipe that keeps tview waiting can be given up with q, Esc or Ctrl-C.
    func animation(
        _ argument: String, memoryBudget: Int, largestPicture: (width: Int, height: Int)? = nil
    ) throws(TViewError) -> Animation {
        let wait = QuitKeysWatch()
        defer { wait.end() }
        return try Animation(
            source(argument), memoryBudget: memoryBudget, largestPicture: largestPicture,
            whileWaiting: wait.keepWaiting)
    }

    /// Opens `argument` to describe it (`--info`): a JPEG over the limits at full size opens
    /// smaller.
    func animationToDescribe(_ argument: String, memoryBudget: Int) throws(TViewError) -> Animation {
        let wait = QuitKeysWatch()
        defer { wait.end() }
        return try Animation.forDescription(
            source(argument), memoryBudget: memoryBudget, whileWaiting: wait.keepWaiting)
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
