import TViewKit

/// Playing files through the library's `TerminalPlayer`: in the terminal (full screen, a
/// gallery, inline), or with `--animate` as timed ANSI text on a pipe; then what went wrong,
/// `--stats` and the exit status.
struct PlaySession {
    let display: DisplayOptions
    let playback: PlayingOptions
    let sourceOptions: SourceOptions
    let environment: [String: String]
    let memoryBudget: Int
    let largestPicture: (width: Int, height: Int)

    func run(paths: [String], interactive: Bool) -> ExitStatus {
        // Open (read headers) before taking the screen, so these errors print on a normal terminal.
        var opened: [Animation] = []
        _ = EachFile.run(paths) { path throws(TViewError) in
            opened.append(try sourceOptions.animation(path, memoryBudget: memoryBudget, largestPicture: largestPicture))
            return nil
        }
        let failed = paths.count - opened.count
        guard !opened.isEmpty else { return .usage }
        let surface: PlaybackSurface
        if !interactive {
            surface = .standardOutput
        } else if playback.inline {
            surface = .inline
        } else if let grid = playback.grid {
            surface = .gallery(grid: grid.size)
        } else {
            surface = .fullScreen
        }
        let player = TerminalPlayer(
            surface: surface, picture: display.pictureOptions,
            playback: PlaybackOptions(
                plays: playback.loops, timeLimit: playback.timeLimit, startsPaused: playback.paused,
                showsStatus: !playback.noStatus, cacheBytes: playback.cacheMb << 20),
            environment: environment)
        let result = player.play(opened)
        for failure in result.failures {
            Diagnostics.error(failure.error.description, file: failure.name)
        }
        // What was wrong but played anyway (a missing frame of a sequence, a file cut short).
        for animation in opened {
            for warning in animation.warnings { Diagnostics.warning(warning, file: animation.name) }
        }
        if playback.stats {
            Diagnostics.line(result.report.json(peakResidentBytes: PeakResidentMemory.bytes() ?? 0))
        }
        switch result.outcome {
        case .interrupted(let signal):
            return ExitStatus(rawValue: 128 + signal) ?? .usage
        case .failed(let error):
            Diagnostics.error(error.description)
            return .usage
        case .finished, .quit, .stopped:
            break
        }
        let failedFiles = failed + Set(result.failures.map(\.name)).count
        return .after(failed: failedFiles, of: paths.count)
    }
}
