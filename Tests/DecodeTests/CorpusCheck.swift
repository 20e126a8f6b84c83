import Decode
import Foundation

/// Decodes one corpus image and compares it with its `expected/` JSON, where browsers (the
/// `model_*` values, or the static default image for an invalid APNG) are the reference.
struct CorpusCheck {
    enum Outcome: Equatable {
        /// Every frame bit-exact, counts, durations and loop count equal.
        case exact
        /// Pixels differ but every frame's mean is within `meanTolerance` (lossy codecs whose
        /// libwebp version differs from the oracle's, 16-bit rounding).
        case close(String)
        case differs(String)
    }

    static let meanTolerance = 1.0

    let relativePath: String
    let outcome: Outcome

    init(corpus: URL, relativePath: String) {
        self.relativePath = relativePath
        let expectedURL = corpus.appendingPathComponent("expected/\(relativePath).json")
        guard let data = try? Data(contentsOf: expectedURL),
            let expected = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else {
            outcome = .differs("no expected JSON")
            return
        }
        outcome = Self.compare(path: corpus.appendingPathComponent(relativePath).path, expected: expected)
    }

    private struct Reference {
        var digest: String?
        var mean: [Double]?
        var durationMilliseconds: Double?
    }

    private static func references(_ expected: [String: Any]) -> [Reference] {
        let frames = expected["frames"] as? [[String: Any]] ?? []
        if (expected["container_kind"] as? String) == "APNG-invalid",
            let still = expected["default_image"] as? [String: Any]
        {
            return [Reference(digest: still["sha256_rgba_canon"] as? String, mean: still["mean_rgba"] as? [Double])]
        }
        let count = expected["frame_count"] as? Int ?? frames.count
        return frames.prefix(count).map { frame in
            var reference = Reference()
            if let model = frame["model_sha256_rgba_canon"] as? String {
                reference.digest = model
                reference.mean = frame["model_mean_rgba"] as? [Double]
            } else {
                // Untrusted Pillow digests still count where they match (16-bit files: tview keeps
                // the high byte as Pillow does); otherwise the mean decides.
                reference.digest = frame["sha256_rgba_canon"] as? String
                reference.mean = frame["mean_rgba"] as? [Double]
            }
            reference.durationMilliseconds = frame["duration_ms_browser"] as? Double
            return reference
        }
    }

    private static func compare(path: String, expected: [String: Any]) -> Outcome {
        let references = references(expected)
        let image: AnimatedImage
        do {
            // The oracle (Pillow) leaves colour management out; where the file has it, so does
            // this decode (ColorProfileTests checks it applied).
            let caveats = expected["caveats"] as? [String] ?? []
            let managed = caveats.contains { $0.hasPrefix("colour-management chunks") }
            image = try AnimatedImage.open(path: path, limits: DecodeLimits(convertsColorProfiles: !managed))
        } catch {
            // The reference has no frame either: both reject the file.
            return references.isEmpty ? .exact : .differs("open failed: \(error)")
        }
        var closeNotes: [String] = []
        var index = 0
        do {
            while let frame = try image.nextFrame() {
                defer { index += 1 }
                guard index < references.count else { continue }
                let reference = references[index]
                if let duration = reference.durationMilliseconds, expected["animated"] as? Bool == true {
                    let milliseconds = frame.duration.milliseconds
                    if abs(milliseconds - duration) > 0.5 {
                        return .differs("frame \(index) lasts \(milliseconds) ms, expected \(duration)")
                    }
                }
                let digest = CanonicalPixels.digest(frame.image)
                if digest == reference.digest { continue }
                let mean = CanonicalPixels.meanRGBA(frame.image)
                guard let expectedMean = reference.mean else {
                    return .differs("frame \(index): digest differs, no mean to compare")
                }
                let worst = zip(mean, expectedMean).map { abs($0 - $1) }.max() ?? 0
                if worst > meanTolerance {
                    return .differs("frame \(index): mean differs by \(String(format: "%.2f", worst))")
                }
                closeNotes.append("frame \(index) mean within \(String(format: "%.2f", worst))")
            }
        } catch {
            if references.isEmpty && index == 0 { return .exact }
            return .differs("decode failed after \(index) frames: \(error)")
        }
        if index != references.count {
            return .differs("\(index) frames, expected \(references.count)")
        }
        if let problem = loopProblem(image: image, expected: expected) { return .differs(problem) }
        return closeNotes.isEmpty ? .exact : .close(closeNotes.joined(separator: "; "))
    }

    private static func loopProblem(image: AnimatedImage, expected: [String: Any]) -> String? {
        guard (expected["container_kind"] as? String) != "APNG-invalid" else { return nil }
        let container = expected["loop_container"]
        let wanted: Int?
        if let list = container as? [Int] {
            wanted = list.first
        } else {
            wanted = container as? Int
        }
        return wanted == image.loopCount
            ? nil : "loop count \(String(describing: image.loopCount)), expected \(String(describing: wanted))"
    }
}
