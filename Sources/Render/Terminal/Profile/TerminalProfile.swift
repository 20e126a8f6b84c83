public import Graphics
public import Picture
public import Playback
import Glibc

/// Everything tview decides about the terminal, decided once at start-up from one round of
/// questions (`TerminalLink.askTerminal`), the environment and tmux, with the reason for each
/// choice: which terminal it is, pixels or text, a cell's size, the block symbols it draws,
/// whether it takes synchronized output. Every later decision reads this; `tview --probe`
/// prints it.
public struct TerminalProfile: Sendable {
    /// What the profile was made for: a terminal, or none (no /dev/tty: nothing asked).
    public var isTerminal: Bool
    public var term: String
    public var identity: TerminalIdentity
    /// The questions went out (not to `TERM=linux`, `dumb`, `vt1xx`, which would print them;
    /// not with `--pixels none`).
    public var asked: Bool
    public var answers: TerminalAnswers
    /// How long the answers took (or the wait, when nothing answered).
    public var answerTime: Duration = .zero

    /// How many colours go out, and why (decided before the screen is set up: `ColorChoice`).
    public var colors: ColorChoice
    public var graphics: GraphicsProtocol?
    public var graphicsReason: String
    /// kitty keeps animation frames (else tview flips two images).
    public var keepsAnimationFrames: Bool
    public var cell: PixelSize
    public var cellSource: String
    public var symbols: MosaicSymbols
    public var symbolsReason: String
    /// It draws the smooth-mosaic wedges, which then come with its sextants or octants.
    public var wedges: Bool
    public var synchronizedOutput: Bool
    public var synchronizedReason: String
    /// Why the terminal needs a frame's changed cells whole in sixel, nil where a frame may draw
    /// only its changed pixels (`KnownTerminals.sixelNeedsWholeCells`).
    public var sixelNeedsWholeCells: String? { KnownTerminals.sixelNeedsWholeCells[identity.name] }
    /// tmux tview runs in, if any, and the pane kitty's commands go through to.
    public var tmux: TmuxClient?
    public var passthrough: TmuxPassthrough?
    /// kitty's pictures are drawn by Unicode placeholders written into the pane as text
    /// (`KittyPlaceholder`), inside tmux whose outer terminal draws them: they move, scroll and
    /// clear with the pane's text.
    public var placeholders = false

    /// The longest sixel sequence that reaches the screen, where one is limited: tmux (3.4 and
    /// later draws sixel itself) takes a sequence whole into its input buffer and drops a longer
    /// one without a word: 1 MB, tmux's INPUT_BUF_LIMIT (3.4, 3.5) and the least its
    /// `input-buffer-size` may be (3.6). Frames longer than that go out in stripes.
    public var sixelSequenceLimit: Int? { graphics == .sixel && insideTmux ? 1_048_576 - 4096 : nil }

    /// tview runs inside tmux (`TMUX` is set, or tmux answered XTVERSION).
    public var insideTmux = false

    /// The largest image the terminal shows, where that matters: xterm shows nothing of a sixel
    /// over its maximum (XTSMGRAPHICS's answer); kitty and iTerm2 scale what they are sent.
    public var largestImage: PixelSize? { graphics == .sixel ? answers.sixelMaximum : nil }

    /// The pixels an `--inline` picture goes out in: `graphics`, except kitty's through tmux
    /// placed by position, which would need the pane's row on the outer screen: text there.
    /// With placeholders the picture is text in the pane, and stays in its scrollback.
    public var inlineGraphics: GraphicsProtocol? {
        graphics == .kitty && passthrough != nil && !placeholders ? nil : graphics
    }

    /// Whether text cells of `symbols` come with the lower and left eighth blocks (unless asked
    /// for `alone`): every mosaic set has them, half blocks none, since half blocks are what a
    /// terminal that draws nothing finer gets (the Linux console, whose font lacks eighths).
    public static func eighthBlocks(with symbols: MosaicSymbols, alone: Bool) -> Bool {
        !alone && symbols != .half
    }

    /// Why `eighthBlocks` decides as it does, for `--probe`.
    public static let eighthBlocksReason = "none with half blocks: the Linux console's font lacks them"

    /// The rows under an `--inline` picture each hold a space: kitty 0.26.5 drops blank lines
    /// between the text and the cursor on a resize (seen under Xvfb), which would leave the
    /// cursor no longer below the picture. A space costs three bytes a row and changes nothing
    /// where pixels cover it, so every terminal gets it: one not known may reflow the same way.
    public var inlineRowsHoldText: Bool { true }

    /// Why `inlineRowsHoldText`, for `--probe`.
    public var inlineRowsReason: String {
        "a space in each row under an inline picture: kitty 0.26.5 drops blank lines on a resize"
    }

    /// Terminals that would print the questions as text are not asked.
    public static func mayAsk(term: String) -> Bool {
        !(term == "linux" || term == "dumb" || term.hasPrefix("vt1") || term.isEmpty)
    }

    /// Asks the terminal at the ends of `link` (nil: output is no terminal) and decides.
    /// `requested`: `--pixels` by name (nil: auto); `pixelsAllowed` false for `--pixels none`,
    /// which asks nothing. `timeout` bounds the wait for a terminal that answers nothing.
    public static func detect(
        link: TerminalLink?, environment: [String: String], colors: ColorChoice, requested: GraphicsProtocol?,
        pixelsAllowed: Bool, clock: any PlaybackClock, timeout: Duration = .milliseconds(500)
    ) -> TerminalProfile {
        let term = environment["TERM"] ?? ""
        let asked = link != nil && pixelsAllowed && mayAsk(term: term)
        var answers = TerminalAnswers()
        var answerTime: Duration = .zero
        if asked, let link {
            let start = clock.now()
            answers = link.askTerminal(timeout: timeout)
            answerTime = clock.now() - start
        }
        var profile = decide(
            answers: answers, asked: asked, isTerminal: link != nil, environment: environment, colors: colors,
            requested: requested, pixelsAllowed: pixelsAllowed,
            window: link.flatMap { window($0.outputDescriptor) },
            tmux: link != nil && pixelsAllowed && (requested == nil || requested == .kitty)
                ? TmuxClient.current(environment: environment) : nil)
        if let link, profile.asksSixelMaximum {
            let start = clock.now()
            link.askSixelMaximum(timeout: timeout, into: &profile.answers)
            answerTime += clock.now() - start
        }
        profile.answerTime = answerTime
        return profile
    }

    /// The largest sixel image is asked in a second round, once the first said pictures go as
    /// sixel: only then does it matter (xterm shows nothing for a larger one), and asked of
    /// every terminal, kitty 0.26.5 logged `[PARSE ERROR] CSI code S` for it.
    public var asksSixelMaximum: Bool { asked && answers.answered && graphics == .sixel }

    /// The decisions from what was found (pure: tests give it answers and an environment).
    public static func decide(
        answers: TerminalAnswers, asked: Bool, isTerminal: Bool, environment: [String: String], colors: ColorChoice,
        requested: GraphicsProtocol?, pixelsAllowed: Bool, window: TerminalWindow?, tmux: TmuxClient?
    ) -> TerminalProfile {
        let term = environment["TERM"] ?? ""
        var identity = TerminalIdentity.find(xtversion: answers.terminalName, environment: environment)
        // Inside tmux the answers are tmux's: the terminal that draws is tmux's client.
        if let tmux, identity.name == "tmux" || identity.source == "TERM" {
            let outer = TerminalIdentity.find(xtversion: nil, environment: ["TERM": tmux.terminalName])
            identity = TerminalIdentity(name: outer.name, version: nil, source: "tmux's client_termname")
        }
        let throughTmux = tmux.flatMap { $0.terminalName.contains("kitty") && $0.allowsPassthrough ? $0.pane : nil }
        // Inside tmux, an outer terminal that draws kitty's placeholders gets pictures as text
        // cells in the pane (tmux keeps them); through passthrough, with a UTF-8 client.
        let placeholderTmux = tmux.flatMap { $0.drawsPlaceholders ? $0 : nil }

        var graphics: GraphicsProtocol?
        var graphicsReason: String
        if !pixelsAllowed {
            graphicsReason = "--pixels none"
        } else if let requested {
            graphics = requested
            graphicsReason = "--pixels \(requested.rawValue)"
        } else if !isTerminal {
            graphicsReason = "no terminal"
        } else if answers.kitty {
            graphics = .kitty
            graphicsReason = "it answered kitty's graphics query"
        } else if identity.name == "iterm2" || environment["LC_TERMINAL"] == "iTerm2" {
            graphics = .iterm2
            graphicsReason = "iTerm2 (\(identity.source))"
        } else if answers.sixel {
            graphics = .sixel
            graphicsReason = "its device attributes include sixel (4)"
        } else if identity.name == "wezterm" {
            graphics = .iterm2
            graphicsReason = "WezTerm takes iTerm2's images (\(identity.source))"
        } else if let placeholderTmux {
            let outer = placeholderTmux.outerTerminal
            graphics = .kitty
            graphicsReason =
                "inside tmux; outer terminal \(outer.name)\(outer.version.map { " " + $0 } ?? "") (\(outer.source)) "
                + "draws kitty's Unicode placeholders: pictures are cells in the pane"
        } else if throughTmux != nil {
            graphics = .kitty
            graphicsReason = "tmux runs in kitty with allow-passthrough on"
        } else if let tmux, tmux.terminalName.contains("kitty") {
            graphicsReason = "tmux runs in kitty but allow-passthrough is off (tmux set -g allow-passthrough on)"
        } else if asked && !answers.answered {
            graphicsReason = "the terminal answered nothing within the wait"
        } else if !asked {
            graphicsReason = "not asked (TERM=\(term.isEmpty ? "(unset)" : term))"
        } else {
            graphicsReason = "no pixel protocol among its answers"
        }
        let placeholders = graphics == .kitty && !answers.kitty && placeholderTmux != nil
        let passthrough = graphics == .kitty && !answers.kitty ? placeholderTmux?.pane ?? throughTmux : nil

        let cell: PixelSize
        let cellSource: String
        if let window, let pixels = window.cellPixels {
            cell = pixels
            cellSource = "the window size (TIOCGWINSZ)"
        } else if let answered = answers.cellPixels {
            cell = answered
            cellSource = "its answer to CSI 16 t"
        } else if let area = answers.areaPixels, let window,
            area.width / window.columns > 0, area.height / window.rows > 0
        {
            cell = PixelSize(width: area.width / window.columns, height: area.height / window.rows)
            cellSource = "its answer to CSI 14 t over \(window.columns)x\(window.rows) cells"
        } else {
            cell = .assumedCell
            cellSource = "assumed (nothing said)"
        }

        let known = KnownTerminals.entry(for: identity, term: term)
        let synchronized = answers.knowsSynchronizedOutput
        let synchronizedReason: String
        if let state = answers.synchronizedOutputState {
            synchronizedReason = "DECRQM ?2026 answered \(state)" + (synchronized ? "" : " (not known)")
        } else {
            synchronizedReason = asked ? "no answer to DECRQM ?2026" : "not asked"
        }
        var profile = TerminalProfile(
            isTerminal: isTerminal, term: term, identity: identity, asked: asked, answers: answers,
            colors: colors,
            graphics: graphics, graphicsReason: graphicsReason,
            keepsAnimationFrames: answers.kitty ? answers.kittyFrames : true, cell: cell, cellSource: cellSource,
            symbols: known.symbols, symbolsReason: known.reason, wedges: known.wedges,
            synchronizedOutput: synchronized,
            synchronizedReason: synchronizedReason, tmux: tmux, passthrough: passthrough)
        profile.placeholders = placeholders
        profile.insideTmux =
            environment["TMUX"].map { !$0.isEmpty } ?? false || answers.terminalName?.hasPrefix("tmux") == true
        // ghostty keeps no animation frames: each frame is sent anew under the same id.
        if placeholders, placeholderTmux?.outerTerminal.name == "ghostty" { profile.keepsAnimationFrames = false }
        return profile
    }

    /// The window size the kernel keeps for the terminal.
    private static func window(_ descriptor: CInt) -> TerminalWindow? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalWindow(
            columns: Int(size.ws_col), rows: Int(size.ws_row), pixelWidth: Int(size.ws_xpixel),
            pixelHeight: Int(size.ws_ypixel))
    }
}
