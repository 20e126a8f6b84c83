public import Playback
import Decode

/// The status line's text, fitted to a width; the file name quoted as a shell would take it back,
/// and the whole line made inert (`ScreenText`).
extension PlaybackStatus {
    public func text(width: Int) -> ScreenText {
        if let page { return galleryText(page: page, width: width) }
        let milliseconds = Int(delay.milliseconds.rounded())
        var parts = [
            "frame \(frame)/\(frameCount.map(String.init) ?? "?")",
            "\(milliseconds) ms",
            "×" + Self.speedText(speed),
            "\(Int(framesPerSecond.rounded())) fps",
        ]
        if skipped > 0 { parts.append("skipped \(skipped)") }
        if behind { parts.append("behind: decoding is slower") }
        if let link { parts.append(link) }
        if paused { parts.append("paused") }
        let tail = parts.joined(separator: "  ")
        let room = width - tail.count - 2
        var label = TerminalText.quotedName(name)
        if label.count > room {
            label = room > 1 ? "…" + String(label.suffix(room - 1)) : ""
        }
        let line = label.isEmpty ? tail : label + "  " + tail
        return ScreenText(String(line.prefix(max(0, width))))
    }

    /// A gallery's: the page, the files, the selected one, fps and the keys.
    private func galleryText(page: (index: Int, count: Int, files: Int), width: Int) -> ScreenText {
        var parts = ["page \(page.index + 1)/\(page.count)", "\(page.files) files"]
        if !name.isEmpty { parts.append("▸ " + TerminalText.quotedName(name)) }
        parts.append("\(Int(framesPerSecond.rounded())) fps")
        if let link { parts.append(link) }
        if paused { parts.append("paused") }
        parts.append("arrows select · Enter opens · n/p pages · q quits")
        return ScreenText(parts.joined(separator: "  ")).fitted(to: max(0, width))
    }

    private static func speedText(_ speed: Double) -> String {
        if speed >= 1 { return String(Int(speed)) }
        return "1/\(Int((1 / speed).rounded()))"
    }
}
