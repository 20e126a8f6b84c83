import Decode
import Glibc
import Playback
import Terminal

/// Playing files: in the terminal through ncurses, or with `--animate` as timed ANSI text on a
/// pipe. The terminal is always given back — on q, at the end, on an error and on a signal —
/// before anything is printed; when playing ends by itself the last frame is printed on the
/// normal screen so it stays.
struct PlaySession {
    let display: DisplayOptions
    let playback: PlaybackOptions
    let environment: [String: String]
    let limits: DecodeLimits

    func run(paths: [String], interactive: Bool) -> ExitStatus {
        // Open (read headers) before taking the screen, so these errors print on a normal terminal.
        var sources: [any FrameSource] = []
        var failed = 0
        for path in paths {
            do {
                sources.append(try AnimatedImage.open(path: path, limits: limits))
            } catch {
                Diagnostics.error(error.description, file: path)
                failed += 1
            }
        }
        guard !sources.isEmpty else { return .usage }
        guard let signals = SignalPipe.install() else {
            Diagnostics.error("cannot set up signal handling")
            return .usage
        }
        let settings = PlayerSettings(
            loops: playback.loops, timeLimit: playback.timeLimit, showStatus: !playback.noStatus && interactive,
            startPaused: playback.paused, cacheBytes: playback.cacheMb << 20)
        let clock = SystemClock()

        let outcome: PlayerOutcome
        var statistics: PlaybackStatistics
        let failures: [(name: String, error: DecodeError)]
        if interactive {
            // One link to the terminal: the screen draws through it, the events read from it.
            let link: TerminalLink
            let screen: NCursesScreen
            do {
                link = try TerminalLink.controllingTerminal(clock: clock, pacing: !display.noPacing)
                screen = try NCursesScreen(
                    requested: display.colors.mode, environment: environment, link: link, drawing: display.draw.path)
            } catch {
                Diagnostics.error(error.description)
                return .usage
            }
            screen.colorTolerance = display.tolerance
            let sink = TerminalSink(
                screen: screen, builder: display.builder(mode: screen.mode), upscale: !display.noUpscale,
                area: display.size.map { ($0.columns, $0.rows) })
            let events = TerminalEventSource(link: link, signalDescriptor: signals, clock: clock)
            let player = Player(sources: sources, clock: clock, events: events, sink: sink, settings: settings)
            outcome = player.run()
            screen.end()
            statistics = player.statistics
            failures = player.failures
            if outcome == .finished, let text = sink.lastFrameText {
                // Leave the last frame on the normal screen.
                do {
                    try StandardOutput.write(text)
                } catch {
                    StandardOutput.report(error)
                    return .usage
                }
            }
        } else {
            let area = display.pipeArea(environment: environment)
            let mode = display.pipeMode(environment: environment)
            let sink = PipeAnimationSink(
                builder: display.builder(mode: mode), upscale: !display.noUpscale, columns: area.columns,
                rows: area.rows)
            let events = TerminalEventSource(link: nil, signalDescriptor: signals, clock: clock)
            let player = Player(sources: sources, clock: clock, events: events, sink: sink, settings: settings)
            outcome = player.run()
            statistics = player.statistics
            failures = player.failures
        }
        for failure in failures {
            Diagnostics.error(failure.error.description, file: failure.name)
        }
        if playback.stats {
            var usage = rusage()
            if getrusage(RUSAGE_SELF.rawValue, &usage) == 0 { statistics.peakResidentBytes = usage.ru_maxrss * 1024 }
            Diagnostics.line(statistics.json)
        }
        switch outcome {
        case .interrupted(let signal):
            return ExitStatus(rawValue: 128 + signal) ?? .usage
        case .outputFailed(let error):
            if interactive {
                Diagnostics.error("cannot write to the terminal: \(error)")
            } else {
                StandardOutput.report(error)
            }
            return .usage
        case .finished, .quit:
            break
        }
        let failedFiles = failed + Set(failures.map(\.name)).count
        return .after(failed: failedFiles, of: paths.count)
    }
}
