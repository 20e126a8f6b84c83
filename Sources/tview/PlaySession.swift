import Decode
import Glibc
import Graphics
import Picture
import Playback
import Terminal

/// Playing files: in the terminal through ncurses, or with `--animate` as timed ANSI text on a
/// pipe. The terminal is always given back — on q, at the end, on an error and on a signal —
/// before anything is printed; when playing ends by itself the last frame is printed on the
/// normal screen so it stays.
struct PlaySession {
    let clock = SystemClock()
    let display: DisplayOptions
    let playback: PlaybackOptions
    let sourceOptions: SourceOptions
    let environment: [String: String]
    let limits: DecodeLimits
    /// The read end of `SignalPipe`.
    let signals: CInt

    func run(paths: [String], interactive: Bool) -> ExitStatus {
        // Open (read headers) before taking the screen, so these errors print on a normal terminal.
        var opened: [AnimatedImage] = []
        var failed = 0
        for path in paths {
            do {
                opened.append(try sourceOptions.open(path, limits: limits))
            } catch {
                Diagnostics.error(error.description, file: path)
                failed += 1
            }
        }
        guard !opened.isEmpty else { return .usage }
        var sources: [any FrameSource] = opened
        if interactive && playback.grid == nil && !opened[0].decodesAtTheSizeShown {
            // The first frame decodes while the screen is set up and the terminal answers. Not a
            // JPEG's: decoded at the size the cells read, not the screen's pixels, it costs less
            // than the answer saves (a 6000x4000 photo at 160x48: 1/8 of its size, not 1/4).
            sources[0] = EarlyFirstFrame(opened[0])
        }
        let inline = interactive && playback.inline
        SignalPipe.playerStarts(screenTaken: interactive && !inline, inline: inline)
        let settings = PlayerSettings(
            loops: playback.loops, timeLimit: playback.timeLimit, showStatus: !playback.noStatus && interactive,
            startPaused: playback.paused, cacheBytes: playback.cacheMb << 20)

        var result: PlayResult
        if inline {
            guard let played = self.inline(sources, settings: settings) else { return .usage }
            result = played
        } else if interactive {
            // One link to the terminal: the screen draws through it, the events read from it.
            let link: TerminalLink
            let colors: ColorChoice
            let screen: NCursesScreen
            do {
                link = try TerminalLink.controllingTerminal(clock: clock, pacing: !display.noPacing)
                // Colours first: they pick the terminfo entry the screen loads.
                colors = ColorChoice.detect(
                    requested: display.colors.mode, environment: environment, descriptor: link.outputDescriptor)
                screen = try NCursesScreen(
                    colors: colors, term: ColorChoice.term(in: environment), link: link, drawing: display.draw.path)
            } catch {
                Diagnostics.error(error.description)
                return .usage
            }
            let events = TerminalEventSource(link: link, signalDescriptor: signals, clock: clock)
            // One round of questions; every choice about the terminal comes from its answers.
            let profile = TerminalProfile.detect(
                link: link, environment: environment, colors: colors, requested: display.pixels.graphicsProtocol,
                pixelsAllowed: display.pixels != .none, clock: clock)
            screen.synchronizedOutput = profile.synchronizedOutput
            let arrangement: PlayerArrangement = playback.grid.map { .gallery(grid: $0.size) } ?? .fullScreen
            result = onScreen(
                sources, arrangement: arrangement, request: display.request, screen: screen, profile: profile,
                events: events, settings: settings)
            screen.end()
            if result.outcome == .finished, let lastFrame = result.lastFrame {
                // Leave the last frame on the normal screen.
                do {
                    try StandardOutput.write(lastFrame)
                } catch {
                    StandardOutput.report(error)
                    return .usage
                }
            }
        } else {
            let area = display.pipeArea(environment: environment)
            let mode = display.pipeMode(environment: environment)
            let sink = PipeAnimationSink(
                builder: display.request.builder(mode: mode), upscale: !display.noUpscale, columns: area.columns,
                rows: area.rows)
            let events = TerminalEventSource(link: nil, signalDescriptor: signals, clock: clock)
            result = playOnPipe(sources, sink: sink, events: events, settings: settings)
        }
        for failure in result.failures {
            Diagnostics.error(failure.error.description, file: failure.name)
        }
        // What was wrong but played anyway (a missing frame of a sequence, a file cut short).
        for image in opened {
            for warning in image.warnings { Diagnostics.warning(warning, file: image.name) }
        }
        if playback.stats {
            if let peak = PeakResidentMemory.bytes() { result.statistics.peakResidentBytes = peak }
            Diagnostics.line(result.statistics.json)
        }
        switch result.outcome {
        case .interrupted(let signal):
            return ExitStatus(rawValue: 128 + signal) ?? .usage
        case .outputFailed(let error):
            if interactive {
                Diagnostics.error("cannot write to the terminal: \(error)")
            } else {
                StandardOutput.report(error)
            }
            return .usage
        case .finished, .quit, .open:
            break
        }
        let failedFiles = failed + Set(result.failures.map(\.name)).count
        return .after(failed: failedFiles, of: paths.count)
    }

    /// `--inline`: where the cursor is, in the scrollback: pixels where the terminal takes them
    /// (kitty not through tmux), else text cells; keys
    /// from the terminal as full screen; whatever ends it, the last frame stays with the cursor on
    /// the line below. Nil when there is no terminal to play on.
    private func inline(_ sources: [any FrameSource], settings: PlayerSettings) -> PlayResult? {
        let link: TerminalLink
        do {
            link = try TerminalLink.controllingTerminal(clock: clock, pacing: !display.noPacing)
        } catch {
            Diagnostics.error(error.description)
            return nil
        }
        // Quiet before the questions, so no answer is echoed over the shell.
        guard let modes = QuietModes() else {
            Diagnostics.error("cannot set up the terminal (/dev/tty)")
            return nil
        }
        defer { modes.restore() }
        let colors = ColorChoice.detect(
            requested: display.colors.mode, environment: environment, descriptor: link.outputDescriptor)
        let profile = TerminalProfile.detect(
            link: link, environment: environment, colors: colors, requested: display.pixels.graphicsProtocol,
            pixelsAllowed: display.pixels != .none, clock: clock)
        let size = TerminalSize.of(descriptor: link.outputDescriptor) ?? TerminalSize(rows: 24, columns: 80)
        let request = display.request
        let area = request.area ?? (size.columns, max(1, size.rows - 1))
        var inlineSettings = settings
        inlineSettings.showStatus = false
        inlineSettings.stillsEndAtOnce = true
        let events = TerminalEventSource(link: link, signalDescriptor: signals, clock: clock)
        // Kitty through tmux would need the pane's row on the outer screen: text there.
        if let pixels = PixelOutputs(profile: profile), pixels.graphics != .kitty || profile.passthrough == nil {
            let sink = InlinePixelSink(
                link: link, area: area, pixels: pixels,
                background: request.pixelBackground(graphics: pixels.graphics, terminal: profile.answers.background),
                upscale: request.upscale)
            return playInline(sources, sink: sink, modes: modes, events: events, settings: inlineSettings)
        }
        let sink = InlineTextSink(
            link: link,
            builder: request.builder(
                mode: colors.mode, terminalSymbols: profile.symbols, terminalWedges: profile.wedges,
                terminalBackground: profile.answers.background),
            upscale: request.upscale, area: area, synchronized: profile.synchronizedOutput, tolerance: request.tolerance
        )
        return playInline(sources, sink: sink, modes: modes, events: events, settings: inlineSettings)
    }

    private func playInline<Sink: InlineSink>(
        _ sources: [any FrameSource], sink: Sink, modes: QuietModes, events: TerminalEventSource,
        settings: PlayerSettings
    ) -> PlayResult {
        sink.onSuspend = { modes.restore() }
        sink.onContinue = { modes.quiet() }
        let player = Player(sources: sources, clock: clock, events: events, sink: sink, settings: settings)
        let outcome = player.run()
        sink.finish()
        return PlayResult(outcome: outcome, statistics: player.statistics, failures: player.failures)
    }

    /// Plays `sources` on the screen as `arrangement` says, in pixels when the terminal takes
    /// them, else text cells; with the last frame as the terminal would keep it on the normal
    /// screen.
    private func onScreen(
        _ sources: [any FrameSource], arrangement: PlayerArrangement, request: PictureRequest, screen: NCursesScreen,
        profile: TerminalProfile, events: TerminalEventSource, settings: PlayerSettings
    ) -> PlayResult {
        if let sink = PixelScreenSink(screen: screen, profile: profile, request: request, arrangement: arrangement) {
            defer { sink.release() }
            var result = playOnScreen(
                sources, arrangement: arrangement, request: request, sink: sink, screen: screen, profile: profile,
                events: events, settings: settings)
            result.lastFrame = sink.lastFrameBytes
            return result
        }
        let sink = TextScreenSink(screen: screen, profile: profile, request: request, arrangement: arrangement)
        var result = playOnScreen(
            sources, arrangement: arrangement, request: request, sink: sink, screen: screen, profile: profile,
            events: events, settings: settings)
        result.lastFrame = sink.lastFrameText
        return result
    }

    /// Plays on `sink`; in a gallery, a file opened with Enter plays full screen (over the whole
    /// screen, whatever `--size` says) and q there comes back.
    private func playOnScreen<Sink: FrameSink>(
        _ sources: [any FrameSource], arrangement: PlayerArrangement, request: PictureRequest, sink: Sink,
        screen: NCursesScreen, profile: TerminalProfile, events: TerminalEventSource, settings: PlayerSettings
    ) -> PlayResult {
        let player = Player(
            sources: sources, clock: clock, events: events, sink: sink, settings: settings, arrangement: arrangement)
        var failures: [FileFailure] = []
        while true {
            var outcome = player.run()
            if case .open(let file) = outcome {
                // From its first frame: the gallery left the file wherever its tile was.
                try? sources[file].rewind()
                var whole = request
                whole.area = nil
                // Looked at until q, however short the file: the gallery comes back on a key.
                var looking = settings
                looking.holdsLastFrame = true
                let opened = onScreen(
                    [sources[file]], arrangement: .fullScreen, request: whole, screen: screen, profile: profile,
                    events: events, settings: looking)
                failures += opened.failures
                switch opened.outcome {
                case .interrupted, .outputFailed: outcome = opened.outcome
                case .quit, .finished, .open:
                    sink.refresh()
                    continue
                }
            }
            return PlayResult(outcome: outcome, statistics: player.statistics, failures: failures + player.failures)
        }
    }

    private func playOnPipe(
        _ sources: [any FrameSource], sink: PipeAnimationSink, events: TerminalEventSource, settings: PlayerSettings
    ) -> PlayResult {
        let player = Player(sources: sources, clock: clock, events: events, sink: sink, settings: settings)
        let outcome = player.run()
        return PlayResult(outcome: outcome, statistics: player.statistics, failures: player.failures)
    }
}
