internal import Decode
internal import Graphics
import Glibc
internal import Playback
internal import Terminal

/// One run of playing for a `TerminalPlayer`: sets the terminal up in the order it needs (the
/// link, the colours, the screen or quiet modes, the profile, the events), builds the sink for
/// the surface and plays, and gives the terminal back before it returns — on q, at the end, on
/// an error and on a signal. When playing ends by itself full screen, the last frame is printed
/// on the normal screen so it stays.
struct TerminalSession {
    let clock = SystemClock()
    let picture: PictureOptions
    let playback: PlaybackOptions
    let environment: [String: String]
    /// The read end of `SignalPipe`.
    let signals: CInt
    /// The read end of the controls' pipe (`RemoteKeys`).
    let remoteKeys: CInt
    let onFrame: ((_ animation: Int, _ frame: Int) -> Void)?

    /// The sink's bytes and what came of them.
    private struct Played {
        var outcome: PlayerOutcome
        var statistics: PlaybackStatistics
        var failures: [FileFailure]
        var lastFrame: [UInt8]? = nil
    }

    func play(_ images: [AnimatedImage], surface: PlaybackSurface) -> PlaybackResult {
        guard !images.isEmpty else {
            return PlaybackResult(outcome: .finished, report: PlaybackReport(), failures: [])
        }
        var interactive = true
        var gallery = false
        var inline = false
        switch surface {
        case .standardOutput: interactive = false
        case .gallery: gallery = true
        case .inline, .rectangle: inline = true
        case .fullScreen: break
        }
        var sources: [any FrameSource] = images
        if interactive && !gallery && !images[0].decodesAtTheSizeShown {
            // The first frame decodes while the screen is set up and the terminal answers. Not a
            // JPEG's: decoded at the size the cells read, not the screen's pixels, it costs less
            // than the answer saves (a 6000x4000 photo at 160x48: 1/8 of its size, not 1/4).
            sources[0] = EarlyFirstFrame(images[0])
        }
        SignalPipe.playerStarts(screenTaken: interactive && !inline, inline: inline)
        let settings = PlayerSettings(
            loops: playback.plays, timeLimit: playback.timeLimit, showStatus: playback.showsStatus && interactive,
            startPaused: playback.startsPaused, cacheBytes: playback.cacheBytes)
        let played: Result<Played, TViewError>
        switch surface {
        case .fullScreen: played = screen(sources, arrangement: .fullScreen, settings: settings)
        case .gallery(let grid): played = screen(sources, arrangement: .gallery(grid: grid), settings: settings)
        case .inline: played = self.inline(sources, settings: settings)
        case .rectangle(let rectangle): played = self.inline(sources, settings: settings, placedIn: rectangle)
        case .standardOutput: played = .success(onStandardOutput(sources, settings: settings))
        }
        switch played {
        case .success(let played): return result(played, interactive: interactive)
        case .failure(let error): return PlaybackResult(outcome: .failed(error), report: PlaybackReport(), failures: [])
        }
    }

    /// `.standardOutput`: every frame as timed ANSI text, no keys.
    private func onStandardOutput(_ sources: [any FrameSource], settings: PlayerSettings) -> Played {
        let area = picture.area ?? TerminalSize.forPipe(environment: environment)
        let mode = ColorChoice.forPipe(requested: picture.colors?.mode, environment: environment).mode
        let sink = PipeAnimationSink(
            builder: picture.request.builder(mode: mode), upscale: picture.enlarges, columns: area.columns,
            rows: area.rows)
        let events = TerminalEventSource(
            link: nil, signalDescriptor: signals, remoteDescriptor: remoteKeys, clock: clock)
        return run(Player(sources: sources, clock: clock, events: events, sink: sink, settings: settings))
    }

    private func result(_ played: Played, interactive: Bool) -> PlaybackResult {
        let outcome: PlaybackOutcome
        switch played.outcome {
        case .finished: outcome = .finished
        case .quit: outcome = .quit
        case .interrupted(let signal): outcome = .interrupted(signal: signal)
        case .outputFailed(let error):
            outcome = .failed(
                .output(reason: "cannot write to \(interactive ? "the terminal" : "standard output"): \(error)"))
        }
        return PlaybackResult(
            outcome: outcome, report: PlaybackReport(played.statistics),
            failures: played.failures.map { ($0.name, TViewError(decoding: $0.error)) })
    }

    /// Full screen or a gallery, on the alternate screen through ncurses.
    private func screen(
        _ sources: [any FrameSource], arrangement: PlayerArrangement, settings: PlayerSettings
    ) -> Result<Played, TViewError> {
        // One link to the terminal: the screen draws through it, the events read from it.
        let link: TerminalLink
        let colors: ColorChoice
        let screen: NCursesScreen
        do {
            link = try TerminalLink.controllingTerminal(clock: clock, pacing: picture.pacing)
            // Colours first: they pick the terminfo entry the screen loads.
            colors = ColorChoice.detect(
                requested: picture.colors?.mode, environment: environment, descriptor: link.outputDescriptor)
            screen = try NCursesScreen(
                colors: colors, term: ColorChoice.term(in: environment), link: link,
                drawing: picture.drawsThroughCurses ? .curses : .direct)
        } catch {
            return .failure(.terminal(reason: error.description))
        }
        let events = TerminalEventSource(
            link: link, signalDescriptor: signals, remoteDescriptor: remoteKeys, clock: clock)
        // One round of questions; every choice about the terminal comes from its answers.
        let profile = TerminalProfile.detect(
            link: link, environment: environment, colors: colors, requested: picture.requestedProtocol,
            pixelsAllowed: picture.pixelsAllowed, clock: clock)
        screen.synchronizedOutput = profile.synchronizedOutput
        let played = onScreen(
            sources, arrangement: arrangement, request: picture.request, screen: screen, profile: profile,
            events: events, settings: settings)
        screen.end()
        if played.outcome == .finished, let lastFrame = played.lastFrame {
            // Leave the last frame on the normal screen.
            do {
                try DescriptorWriter.writeAll(lastFrame, to: STDOUT_FILENO)
            } catch {
                return .failure(.output(reason: "cannot write to standard output: \(error)"))
            }
        }
        return .success(played)
    }

    /// `.inline`: where the cursor is, in the scrollback: pixels where the terminal takes them
    /// (kitty not through tmux), else text cells; keys from the terminal as full screen;
    /// whatever ends it, the last frame stays with the cursor on the line below.
    /// `placedIn`: in that rectangle of the screen instead (`.rectangle`), in text cells.
    private func inline(
        _ sources: [any FrameSource], settings: PlayerSettings, placedIn place: CellRectangle? = nil
    ) -> Result<Played, TViewError> {
        let link: TerminalLink
        do {
            link = try TerminalLink.controllingTerminal(clock: clock, pacing: picture.pacing)
        } catch {
            return .failure(.terminal(reason: error.description))
        }
        // Quiet before the questions, so no answer is echoed over the shell.
        guard let modes = QuietModes() else {
            return .failure(.terminal(reason: "cannot set up the terminal (/dev/tty)"))
        }
        defer { modes.restore() }
        let colors = ColorChoice.detect(
            requested: picture.colors?.mode, environment: environment, descriptor: link.outputDescriptor)
        let profile = TerminalProfile.detect(
            link: link, environment: environment, colors: colors, requested: picture.requestedProtocol,
            pixelsAllowed: picture.pixelsAllowed, clock: clock)
        let size = TerminalSize.of(descriptor: link.outputDescriptor) ?? TerminalSize(rows: 24, columns: 80)
        let request = picture.request
        let area = request.area ?? (size.columns, max(1, size.rows - 1))
        var inlineSettings = settings
        inlineSettings.showStatus = false
        inlineSettings.stillsEndAtOnce = true
        let events = TerminalEventSource(
            link: link, signalDescriptor: signals, remoteDescriptor: remoteKeys, clock: clock)
        let builder = request.builder(
            mode: colors.mode, terminalSymbols: profile.symbols, terminalWedges: profile.wedges,
            terminalBackground: profile.answers.background)
        if let place {
            let sink = PlacedTextSink(
                link: link, builder: builder, upscale: request.upscale,
                rectangle: (place.columns, place.rows, place.column, place.row),
                synchronized: profile.synchronizedOutput, tolerance: request.tolerance)
            return .success(playInline(sources, sink: sink, modes: modes, events: events, settings: inlineSettings))
        }
        if let pixels = PixelOutputs(profile: profile, inline: true) {
            let sink = InlinePixelSink(
                link: link, area: area, pixels: pixels,
                background: request.pixelBackground(graphics: pixels.graphics, terminal: profile.answers.background),
                upscale: request.upscale, synchronized: profile.synchronizedOutput)
            return .success(playInline(sources, sink: sink, modes: modes, events: events, settings: inlineSettings))
        }
        let sink = InlineTextSink(
            link: link, builder: builder,
            upscale: request.upscale, area: area, synchronized: profile.synchronizedOutput, tolerance: request.tolerance
        )
        return .success(playInline(sources, sink: sink, modes: modes, events: events, settings: inlineSettings))
    }

    private func playInline<Sink: InlineSink>(
        _ sources: [any FrameSource], sink: Sink, modes: QuietModes, events: TerminalEventSource,
        settings: PlayerSettings
    ) -> Played {
        sink.onSuspend = { modes.restore() }
        sink.onContinue = { modes.quiet() }
        let played = run(Player(sources: sources, clock: clock, events: events, sink: sink, settings: settings))
        if playback.removesPictureAtEnd {
            sink.remove()
        } else {
            sink.finish()
        }
        return played
    }

    /// Plays on the screen as `arrangement` says, in pixels when the terminal takes them, else
    /// text cells; with the last frame as the terminal would keep it on the normal screen.
    private func onScreen(
        _ sources: [any FrameSource], arrangement: PlayerArrangement, request: PictureRequest, screen: NCursesScreen,
        profile: TerminalProfile, events: TerminalEventSource, settings: PlayerSettings
    ) -> Played {
        if let sink = PixelScreenSink(screen: screen, profile: profile, request: request, arrangement: arrangement) {
            defer { sink.release() }
            var played = run(
                Player(
                    sources: sources, clock: clock, events: events, sink: sink, settings: settings,
                    arrangement: arrangement))
            played.lastFrame = sink.lastFrameBytes
            return played
        }
        let sink = TextScreenSink(screen: screen, profile: profile, request: request, arrangement: arrangement)
        var played = run(
            Player(
                sources: sources, clock: clock, events: events, sink: sink, settings: settings,
                arrangement: arrangement))
        played.lastFrame = sink.lastFrameText
        return played
    }

    private func run<Sink: FrameSink>(_ player: Player<Sink>) -> Played {
        player.onFramePresented = frameObserver
        let outcome = player.run()
        return Played(outcome: outcome, statistics: player.statistics, failures: player.failures)
    }

    /// `onFrame`, numbering frames from 1.
    private var frameObserver: ((Int, Int) -> Void)? {
        guard let onFrame else { return nil }
        return { file, frame in onFrame(file, frame + 1) }
    }
}
