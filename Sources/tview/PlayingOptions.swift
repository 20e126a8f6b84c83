import ArgumentParser

/// How playing goes: the playing options as `--help` lists them.
struct PlayingOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Play each file N times (0: forever) instead of what the file says.", valueName: "N"))
    var loops: Int?

    @Option(
        name: [.customShort("t"), .long], parsing: .unconditional,
        help: ArgumentHelp("Stop after SECONDS (above 0; no limit when not given).", valueName: "SECONDS"))
    var duration: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Memory for downsampled frames kept for later loops, less the canvas size (0 to 4096).", valueName: "MB")
    )
    var cacheMb: Int = 10

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Play all files at once in a grid of COLS x ROWS tiles (auto: what fits best); arrows select, Enter opens one full screen.",
            valueName: "COLSxROWS|auto"))
    var grid: GridChoice?

    @Flag(
        name: .long,
        help:
            "Play where the cursor is, in the scrollback, not full screen: each file below the last; the last frame stays (text cells)."
    )
    var inline = false

    @Flag(name: .long, help: "Start paused on the first frame (space plays).")
    var paused = false

    @Flag(name: .long, help: "Hide the status line (i toggles it).")
    var noStatus = false

    @Flag(name: .long, help: "When standard output is not a terminal: write every frame, timed, not just one.")
    var animate = false

    @Flag(name: .long, help: "Print playing statistics as one JSON line on standard error at exit.")
    var stats = false

    /// What is wrong with these options together, for a usage error; nil when nothing is.
    var problem: String? {
        if let loops, loops < 0 { return "--loops takes 0 (forever) or more" }
        if cacheMb < 0 || cacheMb > 4096 { return "--cache-mb takes 0 to 4096" }
        if let duration, !(duration > 0) { return "--duration takes a number of seconds above 0" }
        if inline && grid != nil { return "--inline and --grid cannot be used together" }
        return nil
    }

    var timeLimit: Duration? {
        duration.map { .nanoseconds(Int64(($0 * 1e9).rounded())) }
    }
}
