internal import Decode
import Glibc
internal import Graphics
internal import Picture
internal import Playback
internal import Terminal

/// What the controlling terminal is and does, as tview finds out at start-up (`tview --probe`):
/// what it answered to the start-up questions, what tview chose from that (colours, pixels,
/// cell size, symbols, synchronized output, tmux) and why, with the option that overrides each
/// choice. Asked through `/dev/tty` whatever standard output is, with echo off, so no answer is
/// left at the shell; a terminal that answers nothing costs the same 0.5 s as at start-up.
public struct TerminalProbe: Sendable {
    private let profile: TerminalProfile

    /// Asks the terminal, choosing as a ``TerminalPlayer`` with `picture` would.
    /// - Parameters:
    ///   - picture: the choices asked for (colours, pixels); nil ones are the terminal's.
    ///   - environment: where `TERM`, `COLORTERM`, `TMUX` and the like are read.
    public init(picture: PictureOptions = PictureOptions(), environment: [String: String] = ProcessEnvironment.current)
    {
        let clock = SystemClock()
        let modes = QuietModes()
        // Questions and answers both through /dev/tty, whatever standard output is.
        let link = modes.map {
            TerminalLink(input: dup($0.descriptor), output: dup($0.descriptor), clock: clock, pacing: false)
        }
        let colors = ColorChoice.detect(
            requested: picture.colors?.mode, environment: environment, descriptor: modes?.descriptor ?? 2)
        profile = TerminalProfile.detect(
            link: link, environment: environment, colors: colors, requested: picture.requestedProtocol,
            pixelsAllowed: picture.pixelsAllowed, clock: clock)
        modes?.restore()
    }

    /// What was found, a line a finding: its name, then what it is and why.
    public var text: String { Self.text(profile) }

    /// What was found as one JSON object on one line, for scripts.
    public var json: String { Self.json(profile) }

    private static func text(_ profile: TerminalProfile) -> String {
        guard profile.isTerminal else {
            return "no terminal (no /dev/tty): nothing asked; on a pipe tview writes ANSI lines "
                + "(--pixels kitty|sixel|iterm2 for an image, cells of 10x20)"
        }
        let answers = profile.answers
        let identity = profile.identity
        var lines: [(String, String)] = []
        lines.append(
            ("terminal", identity.name + (identity.version.map { " " + $0 } ?? "") + " (from \(identity.source))"))
        lines.append(("TERM", profile.term.isEmpty ? "(unset)" : profile.term))
        if profile.asked {
            let time = Int(profile.answerTime.milliseconds.rounded())
            lines.append(
                (
                    "asked",
                    "kitty graphics query and frame, XTVERSION, cell and area size (CSI 16 t, 14 t), "
                        + "DECRQM ?2026, device attributes"
                        + (answers.sixelMaximumAsked ? "; then XTSMGRAPHICS (sixel), device attributes: " : ": ")
                        + (answers.answered ? "answered in \(time) ms" : "no answer in \(time) ms")
                ))
            var said: [String] = []
            if answers.kitty { said.append("kitty graphics OK" + (answers.kittyFrames ? ", keeps frames" : "")) }
            if answers.sixel { said.append("sixel (device attribute 4)") }
            if let name = answers.terminalName { said.append("XTVERSION \(name)") }
            if let cell = answers.cellPixels { said.append("cell \(cell.width)x\(cell.height) px") }
            if let area = answers.areaPixels { said.append("area \(area.width)x\(area.height) px") }
            if let state = answers.synchronizedOutputState { said.append("mode 2026 state \(state)") }
            if let maximum = answers.sixelMaximum { said.append("sixel at most \(maximum.width)x\(maximum.height)") }
            lines.append(("answers", said.isEmpty ? "none" : said.joined(separator: "; ")))
        } else {
            lines.append(("asked", "nothing (\(profile.graphicsReason))"))
        }
        lines.append(("colours", "\(profile.colors.mode.rawValue) — \(profile.colors.reason) [--colors]"))
        let pixels = profile.graphics.map { $0.rawValue } ?? "none: text"
        lines.append(("pixels", "\(pixels) — \(profile.graphicsReason) [--pixels]"))
        if profile.graphics == .kitty {
            lines.append(("frames", profile.keepsAnimationFrames ? "kept by the terminal" : "two images flipped"))
        }
        if profile.graphics == .sixel {
            let frames = profile.sixelNeedsWholeCells.map { "changed cells whole — \($0)" }
            lines.append(("frames", frames ?? "changed pixels only (zero bits keep what is under them)"))
            if let limit = profile.sixelSequenceLimit {
                lines.append(
                    ("sixel size", "each image under \(limit) bytes, taller ones in stripes: tmux drops longer ones"))
            }
        }
        lines.append(("cell", "\(profile.cell.width)x\(profile.cell.height) px — \(profile.cellSource)"))
        let background =
            profile.answers.background.map { "\(Self.hex($0)) — its answer to OSC 11" } ?? "black — not said"
        lines.append(("background", background + ", what transparency is blended over [--bg]"))
        let eighths =
            !TerminalProfile.eighthBlocks(with: profile.symbols, alone: false)
            ? " (\(TerminalProfile.eighthBlocksReason))"
            : profile.wedges ? " with eighth blocks and wedges" : " with eighth blocks"
        lines.append(("symbols", "\(profile.symbols.rawValue)\(eighths) — \(profile.symbolsReason) [--symbols]"))
        if profile.graphics != nil { lines.append(("inline rows", profile.inlineRowsReason)) }
        lines.append(
            ("synchronized", (profile.synchronizedOutput ? "yes" : "no") + " — \(profile.synchronizedReason)"))
        if let tmux = profile.tmux {
            lines.append(
                (
                    "tmux",
                    "client \(tmux.terminalName)\(tmux.terminalType.map { " (\($0))" } ?? ""), "
                        + "allow-passthrough \(tmux.allowsPassthrough ? "on" : "off")"
                        + (profile.placeholders
                            ? ", pictures as placeholder cells in the pane"
                            : profile.passthrough != nil ? ", pictures go through" : "")
                ))
        } else {
            lines.append(("tmux", "no"))
        }
        let padded = lines.map { $0.0 + String(repeating: " ", count: max(1, 13 - $0.0.count)) + $0.1 }
        return padded.joined(separator: "\n")
    }

    private static func hex(_ color: RGBA) -> String {
        "#" + [color.r, color.g, color.b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private static func json(_ profile: TerminalProfile) -> String {
        var object = JSONObject()
        object.add("terminal", .bool(profile.isTerminal))
        object.add("name", .string(profile.identity.name))
        object.add("version", profile.identity.version.map { .string($0) } ?? .null)
        object.add("name_from", .string(profile.identity.source))
        object.add("term", .string(profile.term))
        object.add("asked", .bool(profile.asked))
        object.add("answered", .bool(profile.answers.answered))
        object.add("answer_ms", .number(profile.answerTime.milliseconds.rounded()))
        object.add("xtversion", profile.answers.terminalName.map { .string($0) } ?? .null)
        object.add("colors", .string(profile.colors.mode.rawValue))
        object.add("colors_why", .string(profile.colors.reason))
        object.add("pixels", profile.graphics.map { .string($0.rawValue) } ?? .null)
        object.add("pixels_why", .string(profile.graphicsReason))
        object.add("keeps_frames", .bool(profile.keepsAnimationFrames))
        object.add("sixel_whole_cells", profile.sixelNeedsWholeCells.map { .string($0) } ?? .null)
        object.add(
            "sixel_maximum",
            profile.answers.sixelMaximum.map {
                .array([.number(Double($0.width)), .number(Double($0.height))])
            } ?? .null)
        object.add("cell", .array([.number(Double(profile.cell.width)), .number(Double(profile.cell.height))]))
        object.add("cell_from", .string(profile.cellSource))
        object.add("background", profile.answers.background.map { .string(hex($0)) } ?? .null)
        object.add("foreground", profile.answers.foreground.map { .string(hex($0)) } ?? .null)
        object.add("symbols", .string(profile.symbols.rawValue))
        object.add("symbols_why", .string(profile.symbolsReason))
        object.add("eighth_blocks", .bool(TerminalProfile.eighthBlocks(with: profile.symbols, alone: false)))
        object.add("wedges", .bool(profile.wedges))
        object.add("inline_rows_hold_text", .bool(profile.inlineRowsHoldText))
        object.add("synchronized_output", .bool(profile.synchronizedOutput))
        object.add("synchronized_why", .string(profile.synchronizedReason))
        object.add("tmux", profile.tmux.map { .string($0.terminalName) } ?? .null)
        object.add("tmux_passthrough", .bool(profile.passthrough != nil))
        object.add("tmux_outer", profile.tmux?.terminalType.map { .string($0) } ?? .null)
        object.add("placeholders", .bool(profile.placeholders))
        return object.encoded
    }
}
