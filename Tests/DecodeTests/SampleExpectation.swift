import Decode
import Foundation

/// What a sample in samples/good must decode to, from samples/expected (written by
/// samples/make_samples.py from its own compositing model); for a damaged one in samples/bad,
/// what decodes of it and the warnings about the rest.
struct SampleExpectation {
    let name: String
    let file: URL
    let width: Int
    let height: Int
    let frames: [[UInt8]]
    /// Milliseconds, with fractions where a video's timestamps have them (29.97 fps).
    let durationsMilliseconds: [Double]
    let loopCount: Int?
    let exact: Bool
    let meanTolerance: Double
    let truncated: Bool
    let warnings: [String]

    static var all: [String] {
        let folder = TestPaths.samples.appendingPathComponent("good")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted()
    }

    /// The files in samples/bad that have an expectation: damaged, but something decodes.
    static var damaged: [String] {
        let folder = TestPaths.samples.appendingPathComponent("bad")
        let expected = TestPaths.samples.appendingPathComponent("expected")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter {
            let json = ($0 as NSString).deletingPathExtension + ".json"
            return FileManager.default.fileExists(atPath: expected.appendingPathComponent(json).path)
        }.sorted()
    }

    /// Each duration as a `Duration`, to the microsecond.
    var durations: [Duration] { durationsMilliseconds.map { .microseconds(Int(($0 * 1000).rounded())) } }

    init(fileName: String, folder: String = "good") throws {
        name = (fileName as NSString).deletingPathExtension
        file = TestPaths.samples.appendingPathComponent("\(folder)/\(fileName)")
        let expected = TestPaths.samples.appendingPathComponent("expected")
        let meta =
            try JSONSerialization.jsonObject(with: Data(contentsOf: expected.appendingPathComponent("\(name).json")))
            as? [String: Any] ?? [:]
        width = meta["width"] as? Int ?? 0
        height = meta["height"] as? Int ?? 0
        durationsMilliseconds = (meta["durations_ms"] as? [NSNumber] ?? []).map(\.doubleValue)
        loopCount = meta["loop_count"] as? Int
        exact = meta["exact"] as? Bool ?? true
        meanTolerance = meta["mean_tolerance"] as? Double ?? 0
        truncated = meta["truncated"] as? Bool ?? false
        warnings = meta["warnings"] as? [String] ?? []
        let raw = [UInt8](try Data(contentsOf: expected.appendingPathComponent("\(name).rgba")))
        let frameBytes = width * height * 4
        frames = stride(from: 0, to: raw.count, by: max(frameBytes, 1)).map { Array(raw[$0..<($0 + frameBytes)]) }
    }
}
