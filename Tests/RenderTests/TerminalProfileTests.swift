import Graphics
import Picture
import Terminal
import Testing

/// The decisions made from the terminal's answers and the environment (`TerminalProfile.decide`),
/// each with its reason; the known-terminals table; DECRPM in the parser.
@Suite struct TerminalProfileTests {
    private func decide(
        _ answers: TerminalAnswers, environment: [String: String] = ["TERM": "xterm-256color"],
        requested: GraphicsProtocol? = nil, pixelsAllowed: Bool = true, asked: Bool = true,
        window: TerminalWindow? = nil, tmux: TmuxClient? = nil
    ) -> TerminalProfile {
        TerminalProfile.decide(
            answers: answers, asked: asked, isTerminal: true, environment: environment,
            colors: ColorChoice(mode: .palette256, reason: "test"), requested: requested,
            pixelsAllowed: pixelsAllowed, window: window, tmux: tmux)
    }

    /// Colour counts of a few terminfo entries, as `infocmp` states them (nil: no entry).
    private func terminfo(_ term: String) -> Int? {
        ["xterm": 8, "xterm-256color": 256, "linux": 8, "vt100": -1, "xterm-direct": 1 << 24, "rxvt-88color": 88][term]
    }

    private func colors(_ environment: [String: String], requested: ColorMode? = nil) -> ColorChoice {
        ColorChoice.decide(requested: requested, environment: environment, terminfoColors: terminfo)
    }

    @Test func theColourDepthIsDecidedWithItsReasonOnEveryTerminal() {
        #expect(
            colors(["TERM": "linux"])
                == ColorChoice(mode: .palette8, reason: "terminfo's entry for linux states 8 colours"))
        #expect(colors(["TERM": "xterm-256color"]).mode == .palette256)
        #expect(colors(["TERM": "rxvt-88color"]).mode == .palette16)
        #expect(
            colors(["TERM": "vt100"])
                == ColorChoice(mode: .mono, reason: "terminfo's entry for vt100 states no colours"))
        #expect(
            colors(["TERM": "xterm-256color", "COLORTERM": "truecolor"])
                == ColorChoice(mode: .truecolor, reason: "COLORTERM=truecolor"))
        #expect(colors(["TERM": "xterm-direct"]).mode == .truecolor)
        #expect(
            colors(["TERM": "foot-direct"]) == ColorChoice(mode: .truecolor, reason: "TERM=foot-direct (direct colour)")
        )
        #expect(colors([:]).reason == "terminfo's entry for xterm states 8 colours")
        #expect(
            colors(["TERM": "nosuch"])
                == ColorChoice(
                    mode: .palette8,
                    reason: "TERM=nosuch is not in terminfo; terminfo's entry for xterm states 8 colours"))
        let asked = colors(["TERM": "linux", "COLORTERM": "truecolor"], requested: .palette16)
        #expect(asked == ColorChoice(mode: .palette16, reason: "--colors 16", requested: true))
        // The real terminfo: linux's entry is on every Debian system (ncurses-base).
        let real = ColorChoice.detect(requested: nil, environment: ["TERM": "linux"], descriptor: 2)
        #expect(real == ColorChoice(mode: .palette8, reason: "terminfo's entry for linux states 8 colours"))
    }

    @Test func theProtocolFollowsWhatTheTerminalSaid() {
        var answers = TerminalAnswers()
        #expect(decide(answers).graphics == nil)
        #expect(decide(answers).graphicsReason == "the terminal answered nothing within the wait")
        answers.answered = true
        answers.sixel = true
        #expect(decide(answers).graphics == .sixel)
        #expect(decide(answers, environment: ["TERM_PROGRAM": "iTerm.app"]).graphics == .iterm2)
        answers.kitty = true
        #expect(decide(answers, environment: ["TERM_PROGRAM": "iTerm.app"]).graphics == .kitty)
        var wezterm = TerminalAnswers()
        wezterm.terminalName = "WezTerm 20240203-110809-5046fc22"
        #expect(decide(wezterm).graphics == .iterm2)
        #expect(decide(answers, requested: .sixel).graphicsReason == "--pixels sixel")
        #expect(decide(answers, pixelsAllowed: false).graphics == nil)
    }

    @Test func kittyThroughTmuxNeedsPassthrough() {
        var answers = TerminalAnswers()
        answers.answered = true
        answers.terminalName = "tmux 3.3a"
        let pane = TmuxPassthrough(top: 2, left: 0)
        let on = decide(
            answers, environment: ["TERM": "tmux-256color", "TMUX": "/tmp/x"],
            tmux: TmuxClient(terminalName: "xterm-kitty", pane: pane, allowsPassthrough: true))
        #expect(on.graphics == .kitty && on.passthrough == pane)
        #expect(on.identity.name == "kitty" && on.symbols == .sextant)
        let off = decide(
            answers, environment: ["TERM": "tmux-256color"],
            tmux: TmuxClient(terminalName: "xterm-kitty", pane: pane, allowsPassthrough: false))
        #expect(off.graphics == nil && off.graphicsReason.contains("allow-passthrough is off"))
        // Inline, kitty's placement would need the pane's row on the outer screen: text there.
        #expect(on.inlineGraphics == nil && PixelOutputs(profile: on, inline: true) == nil)
        #expect(PixelOutputs(profile: on)?.graphics == .kitty)
        var kitty = TerminalAnswers()
        kitty.answered = true
        kitty.kitty = true
        #expect(decide(kitty).inlineGraphics == .kitty)
    }

    /// The largest image matters for sixel alone (xterm shows nothing over it).
    @Test func theLargestImageIsTheSixelMaximum() {
        var answers = TerminalAnswers()
        answers.answered = true
        answers.sixel = true
        answers.sixelMaximum = PixelSize(width: 1000, height: 1000)
        #expect(decide(answers).largestImage == PixelSize(width: 1000, height: 1000))
        #expect(PixelOutputs(profile: decide(answers))?.maximum == PixelSize(width: 1000, height: 1000))
        #expect(decide(answers, requested: .kitty).largestImage == nil)
    }

    /// Which terminfo entries the screen loads is the colour choice's: the direct-colour one
    /// first for 24-bit colour (tmux's inside tmux or screen), then TERM's, then xterm's.
    @Test func theTerminfoEntriesFollowTheColours() {
        let truecolor = ColorChoice(mode: .truecolor, reason: "test")
        #expect(truecolor.terminfoEntries(term: "xterm-256color") == ["xterm-direct", "xterm-256color", "xterm"])
        #expect(truecolor.terminfoEntries(term: "tmux-256color") == ["tmux-direct", "tmux-256color", "xterm"])
        #expect(truecolor.terminfoEntries(term: "screen") == ["tmux-direct", "screen", "xterm"])
        #expect(truecolor.terminfoEntries(term: "foot-direct") == ["foot-direct", "foot-direct", "xterm"])
        #expect(ColorChoice(mode: .palette256, reason: "test").terminfoEntries(term: "linux") == ["linux", "xterm"])
    }

    @Test func synchronizedOutputOnlyWhereDECRQMSaysSo() {
        var answers = TerminalAnswers()
        answers.answered = true
        #expect(!decide(answers).synchronizedOutput)
        answers.synchronizedOutputState = 0
        #expect(!decide(answers).synchronizedOutput)
        answers.synchronizedOutputState = 2
        #expect(decide(answers).synchronizedOutput)
        #expect(decide(answers).synchronizedReason == "DECRQM ?2026 answered 2")
    }

    @Test func theCellSizeSaysWhereItCameFrom() {
        var answers = TerminalAnswers()
        answers.areaPixels = PixelSize(width: 800, height: 480)
        let window = TerminalWindow(columns: 80, rows: 24)
        #expect(decide(answers, window: window).cell == PixelSize(width: 10, height: 20))
        answers.cellPixels = PixelSize(width: 9, height: 18)
        #expect(decide(answers, window: window).cellSource == "its answer to CSI 16 t")
        let filled = TerminalWindow(columns: 80, rows: 24, pixelWidth: 640, pixelHeight: 384)
        #expect(decide(answers, window: filled).cell == PixelSize(width: 8, height: 16))
        #expect(decide(TerminalAnswers()).cellSource == "assumed (nothing said)")
    }

    @Test(arguments: [
        ("kitty(0.26.5)", [String: String](), MosaicSymbols.sextant),
        ("kitty(0.40.1)", [:], .octant),
        ("foot(1.13.1)", [:], .sextant),
        ("foot(1.20.0)", [:], .octant),
        ("XTerm(379)", [:], .quadrant),
        ("", ["VTE_VERSION": "7600"], .sextant),
        ("", ["VTE_VERSION": "7802"], .octant),
        ("", ["TERM_PROGRAM": "Alacritty", "TERM_PROGRAM_VERSION": "0.13.2"], .sextant),
        ("", ["TERM_PROGRAM": "Alacritty", "TERM_PROGRAM_VERSION": "0.12.3"], .quadrant),
        ("", ["TERM": "linux"], .half),
    ])
    func theSymbolsFollowTheKnownTerminals(xtversion: String, environment: [String: String], symbols: MosaicSymbols) {
        var answers = TerminalAnswers()
        answers.terminalName = xtversion.isEmpty ? nil : xtversion
        var environment = environment
        environment["TERM"] = environment["TERM"] ?? "xterm-256color"
        #expect(decide(answers, environment: environment).symbols == symbols)
    }

    @Test func theParserReadsDynamicColours() {
        var parser = TerminalInputParser()
        #expect(
            parser.feed(Array("\u{1B}]11;rgb:3030/4040/5050\u{1B}\\".utf8))
                == [.colorReport(item: 11, red: 0x30, green: 0x40, blue: 0x50)])
        #expect(
            parser.feed(Array("\u{1B}]10;rgb:ff/80/0\u{07}".utf8))
                == [.colorReport(item: 10, red: 255, green: 128, blue: 0)])
        #expect(parser.feed(Array("\u{1B}]11;rgb:zz/0/0\u{07}q".utf8)) == [.ignored, .key(.character("q"))])
    }

    @Test func theParserReadsDECRPM() {
        var parser = TerminalInputParser()
        #expect(parser.feed(Array("\u{1B}[?2026;2$y".utf8)) == [.modeReport(mode: 2026, state: 2)])
        #expect(
            parser.feed(Array("\u{1B}[?2026;0$yq".utf8)) == [.modeReport(mode: 2026, state: 0), .key(.character("q"))])
    }
}
