import ArgumentParser

/// The playing options as `--help` lists them; their defaults are `PlaybackOptions`'s.
struct PlaybackArguments: ParsableArguments {
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
    var cacheMb: Int = PlaybackOptions.defaults.cacheMb

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
    var inline = PlaybackOptions.defaults.inline

    @Flag(name: .long, help: "Start paused on the first frame (space plays).")
    var paused = PlaybackOptions.defaults.paused

    @Flag(name: .long, help: "Hide the status line (i toggles it).")
    var noStatus = PlaybackOptions.defaults.noStatus

    @Flag(name: .long, help: "When standard output is not a terminal: write every frame, timed, not just one.")
    var animate = PlaybackOptions.defaults.animate

    @Flag(name: .long, help: "Print playing statistics as one JSON line on standard error at exit.")
    var stats = PlaybackOptions.defaults.stats

    var options: PlaybackOptions {
        PlaybackOptions(
            loops: loops,
            duration: duration,
            cacheMb: cacheMb,
            grid: grid,
            inline: inline,
            paused: paused,
            noStatus: noStatus,
            animate: animate,
            stats: stats)
    }
}
