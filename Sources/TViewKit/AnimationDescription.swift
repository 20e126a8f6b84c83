internal import Decode
internal import Terminal

/// Everything `tview --info` says of an animation: from its container where that states every
/// frame's duration (WebP, APNG, AVIF, video: no canvas is decoded), else by decoding it once
/// from start to end.
public struct AnimationDescription: Sendable {
    /// The name it was opened by.
    public let name: String
    /// The format, as people call it.
    public let formatName: String
    /// The picture's own width in pixels, upright.
    public let width: Int
    /// The picture's own height in pixels, upright.
    public let height: Int
    /// The loop count the file states (0: forever); nil where it states none.
    public let loopCount: Int?
    /// How many times it plays, as browsers read the file; nil: forever.
    public let plays: Int?
    /// Every frame's duration, as it plays.
    public let durations: [Duration]
    /// The data broke off: the frames before that are the ones described.
    public let truncated: Bool
    /// What was wrong but did not stop it, one line each.
    public let warnings: [String]
    /// The colour profile the frames are converted from, if any.
    public let colorProfile: String?
    /// False when the colour profile could not be applied (lcms2 could not be loaded): the
    /// pixels are shown as stored.
    public let colorProfileApplied: Bool
    /// A video clip's codec (FFmpeg's name); nil for images.
    public let videoCodec: String?

    let format: ImageFormat
    let source: ImageSource
    let video: VideoDetails?

    /// Describes `animation`, reading it from its next frame to its end where its container does
    /// not list the durations (open it with ``Animation/forDescription(_:memoryBudget:whileWaiting:)``).
    /// - Parameter animation: what to describe.
    /// - Throws: ``TViewError/decode(reason:)`` when not even its first frame decodes.
    public init(_ animation: Animation) throws(TViewError) {
        let image = animation.image
        // The container's list (it walks every frame's header once), else a decoding pass.
        var durations: [Duration] = []
        do throws(DecodeError) {
            if let declared = image.declaredDurations {
                durations = declared
            } else {
                while let frame = try image.nextFrame() {
                    durations.append(frame.duration)
                }
            }
        } catch {
            throw TViewError(decoding: error)
        }
        name = image.name
        format = image.format
        formatName = image.format.displayName
        source = image.source
        (width, height) = image.pictureSize
        loopCount = image.loopCount
        plays = image.totalPlays
        self.durations = durations
        truncated = image.isTruncated
        warnings = image.warnings
        video = image.videoDetails
        videoCodec = image.videoDetails?.codec
        colorProfile = image.colorProfileName
        colorProfileApplied = image.colorProfileUnapplied == nil
    }

    /// The time of one loop: every frame's duration added up.
    public var loopDuration: Duration { durations.reduce(.zero, +) }

    /// The description as lines for a person: the name (quoted as the shell would), format, size,
    /// frames, plays and loop time; the frames' durations; the colour profile, the video's codec
    /// and whether it was cut short.
    public var text: String {
        let summary = self
        let loops: String
        switch summary.plays {
        case nil: loops = "loops forever"
        case 1?: loops = "plays once"
        case let plays?: loops = "plays \(plays) times"
        }
        let fileLoop: String
        if let count = summary.loopCount {
            fileLoop = "loop count \(count)"
        } else if summary.format == .avif && summary.durations.count > 1 {
            fileLoop = "libavif 0.11 reads no repetition count; browsers loop"
        } else {
            fileLoop = "no loop count"
        }
        let kind: String
        switch summary.source {
        case .file: kind = summary.format.rawValue.uppercased()
        case .sequence(let files): kind = "sequence of \(files) \(summary.format.rawValue.uppercased()) files,"
        case .sheet(let columns, let rows):
            kind = "\(summary.format.rawValue.uppercased()) sprite sheet of \(columns)x\(rows), frames"
        }
        var lines = [
            "\(TerminalText.quotedName(summary.name)): \(kind) \(summary.width)x\(summary.height), "
                + "\(summary.durations.count) frame\(summary.durations.count == 1 ? "" : "s"), "
                + "\(loops) (\(fileLoop)), \(Self.formatSeconds(summary.loopDuration)) per loop"
        ]
        lines.append("  frame durations: " + Self.runs(of: summary.durations))
        if let profile = summary.colorProfile {
            lines.append(
                "  colour profile: \(TerminalText.quotedName(profile)), "
                    + (summary.colorProfileApplied ? "shown in sRGB" : "not applied (no lcms2)"))
        }
        if let video = summary.video {
            // Names from the file go through the one escaping path, as every name does.
            lines.append(
                "  video: \(TerminalText.quotedName(video.codec)), "
                    + (video.hasAudio ? "its sound is not played" : "no sound"))
        }
        if summary.truncated { lines.append("  truncated: played frames are the ones that decoded") }
        return lines.joined(separator: "\n")
    }

    /// A name's exact bytes, for a script to open the file again when the name is not UTF-8
    /// (`file` then has U+FFFD): every byte outside printable ASCII, and `%`, as `%HH`, which
    /// any URL decoder turns back into bytes (Python's `urllib.parse.unquote_to_bytes`).
    private static func percentEncoded(_ bytes: [UInt8]) -> String {
        var out = ""
        for byte in bytes {
            if (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "%") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// The description as one JSON object on one line, for scripts (`tview --info --json`).
    public var json: String {
        let summary = self
        var object = JSONObject()
        object.add("file", .string(summary.name))
        object.add("file_bytes", .string(Self.percentEncoded(PathBytes.bytes(of: summary.name))))
        object.add("format", .string(summary.format.rawValue))
        switch summary.source {
        case .file: object.add("source", .string("file"))
        case .sequence: object.add("source", .string("sequence"))
        case .sheet: object.add("source", .string("sheet"))
        }
        object.add("width", .number(Double(summary.width)))
        object.add("height", .number(Double(summary.height)))
        object.add("frames", .number(Double(summary.durations.count)))
        object.add("loop_count", summary.loopCount.map { .number(Double($0)) } ?? .null)
        object.add("durations_ms", .array(summary.durations.map { .number($0.milliseconds) }))
        if let video = summary.video {
            object.add("codec", .string(video.codec))
            object.add("has_audio", .bool(video.hasAudio))
            // What the container states (null where it does not: Matroska and WebM).
            object.add("declared_frames", video.declaredFrameCount.map { .number(Double($0)) } ?? .null)
        }
        object.add("color_profile", summary.colorProfile.map { .string($0) } ?? .null)
        object.add("truncated", .bool(summary.truncated))
        object.add("warnings", .array(summary.warnings.map { .string($0) }))
        return object.encoded
    }

    /// "40 ms × 119, 100 ms": equal neighbours folded together.
    private static func runs(of durations: [Duration]) -> String {
        var parts: [String] = []
        var index = 0
        while index < durations.count {
            var end = index + 1
            while end < durations.count && durations[end] == durations[index] { end += 1 }
            let text = JSONValue.number(durations[index].milliseconds).encoded + " ms"
            parts.append(end - index > 1 ? "\(text) × \(end - index)" : text)
            index = end
        }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    private static func formatSeconds(_ duration: Duration) -> String {
        let milliseconds = Int(duration.milliseconds.rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }
}
