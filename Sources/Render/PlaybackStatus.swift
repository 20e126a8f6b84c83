import Decode

/// What the status line says: file, frame i/N, this frame's delay, speed, paused, achieved fps,
/// frames skipped. `text(width:)` fits it to a line.
public struct PlaybackStatus: Sendable, Equatable {
    public var name: String
    public var frame: Int
    public var frameCount: Int?
    public var delay: Duration
    public var speed: Double
    public var paused: Bool
    public var framesPerSecond: Double
    public var skipped: Int
    /// The link to the terminal when it is slow enough to matter ("link 240 KB/s 35 ms").
    public var link: String?

    public init(
        name: String, frame: Int, frameCount: Int?, delay: Duration, speed: Double, paused: Bool,
        framesPerSecond: Double, skipped: Int
    ) {
        self.name = name
        self.frame = frame
        self.frameCount = frameCount
        self.delay = delay
        self.speed = speed
        self.paused = paused
        self.framesPerSecond = framesPerSecond
        self.skipped = skipped
    }

    public func text(width: Int) -> String {
        let milliseconds = Int(delay.milliseconds.rounded())
        var parts = [
            "frame \(frame)/\(frameCount.map(String.init) ?? "?")",
            "\(milliseconds) ms",
            "×" + Self.speedText(speed),
            "\(Int(framesPerSecond.rounded())) fps",
        ]
        if skipped > 0 { parts.append("skipped \(skipped)") }
        if let link { parts.append(link) }
        if paused { parts.append("paused") }
        let tail = parts.joined(separator: "  ")
        let room = width - tail.count - 2
        var label = TerminalText.quotedName(name)
        if label.count > room {
            label = room > 1 ? "…" + String(label.suffix(room - 1)) : ""
        }
        let line = label.isEmpty ? tail : label + "  " + tail
        return String(line.prefix(max(0, width)))
    }

    private static func speedText(_ speed: Double) -> String {
        if speed >= 1 { return String(Int(speed)) }
        return "1/\(Int((1 / speed).rounded()))"
    }
}
