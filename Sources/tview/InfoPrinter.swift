import Decode
import Terminal

/// `tview --info`: describes each file, as text or as one JSON object per line.
struct InfoPrinter {
    let json: Bool
    let sources: SourceOptions
    let limits: DecodeLimits

    func run(paths: [String]) -> ExitStatus {
        var failed = 0
        for path in paths {
            do {
                let image = try sources.open(path, limits: limits)
                let summary = try ImageSummary(image: image)
                do {
                    try StandardOutput.write(line: json ? Self.json(summary) : Self.text(summary))
                } catch {
                    StandardOutput.report(error)
                    return .usage
                }
                if !json {
                    for warning in summary.warnings { Diagnostics.warning(warning, file: path) }
                }
            } catch {
                Diagnostics.error(error.description, file: path)
                failed += 1
            }
        }
        return .after(failed: failed, of: paths.count)
    }

    static func text(_ summary: ImageSummary) -> String {
        let loops: String
        switch summary.totalPlays {
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
            "\(TerminalText.quotedName(summary.file)): \(kind) \(summary.width)x\(summary.height), "
                + "\(summary.durations.count) frame\(summary.durations.count == 1 ? "" : "s"), "
                + "\(loops) (\(fileLoop)), \(formatSeconds(summary.totalDuration)) per loop"
        ]
        lines.append("  frame durations: " + runs(of: summary.durations))
        if let profile = summary.colorProfile {
            lines.append("  colour profile: \(TerminalText.quotedName(profile)), shown in sRGB")
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
    static func percentEncoded(_ bytes: [UInt8]) -> String {
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

    static func json(_ summary: ImageSummary) -> String {
        var object = JSONObject()
        object.add("file", .string(summary.file))
        object.add("file_bytes", .string(Self.percentEncoded(PathBytes.bytes(of: summary.file))))
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
