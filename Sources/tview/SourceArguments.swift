import ArgumentParser

/// The options for image sequences and sprite sheets as `--help` lists them; their defaults are
/// `SourceOptions`'s.
struct SourceArguments: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Frames per second of image sequences and sprite sheets (above 0, up to 1000; 25 is what ffmpeg assumes).",
            valueName: "FPS"))
    var fps: Double = SourceOptions.defaults.fps

    @Option(
        name: .long,
        help: ArgumentHelp("Play frames numbered A to B of an image sequence.", valueName: "A-B"))
    var range: SourceOptions.FrameRange?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "FILE is a sprite sheet of COLS x ROWS frames (left to right, then down).", valueName: "COLSxROWS"))
    var sheet: SourceOptions.Size?

    @Option(
        name: .long,
        help: ArgumentHelp("FILE is a sprite sheet of frames this size, as many as fit.", valueName: "WxH"))
    var frameSize: SourceOptions.Size?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Play only the first N frames of a sprite sheet (1 or more).", valueName: "N"))
    var count: Int?

    var options: SourceOptions {
        SourceOptions(
            fps: fps,
            range: range,
            sheet: sheet,
            frameSize: frameSize,
            count: count)
    }
}
