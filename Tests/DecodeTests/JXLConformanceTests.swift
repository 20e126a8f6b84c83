@testable import Decode
import Foundation
import Testing

/// ../shared/corpus/jxl: libjxl's conformance cases. Every frame of `input.jxl` against the
/// reference decode (`ref.png`, `ref.apng`, read by tview's own PNG decoder) within the error
/// `test.json` allows, and frame count and durations exact. The allowance is stated for samples
/// in [0, 1] before any rounding; tview's frames and the references are both 8-bit, so each
/// side's rounding may add up to one step to the peak and half a step to the RMS error.
@Suite struct JXLConformanceTests {
    /// Cases tview does not show as the reference does, and why.
    static let knownDifferences = [
        "cmyk_layers":
            "libjxl 0.7 hands back the CMY channels as colour and the black as an extra channel, and "
            + "tview applies no CMYK profile; the reference is rendered through the file's ICC profile"
    ]

    /// Pictures of more than 512x512 pixels decode on libjxl's thread pool, a thread a processor
    /// (up to 8), made at the first frame (none while a file is only opened), smaller ones on
    /// the caller's thread; the cases above, 1024x1024 and 1600x1096 among them, are decoded so
    /// and match their references.
    @Test func largePicturesDecodeOnLibjxlsThreads() throws {
        #expect(JXLDecoder.poolSize(width: 512, height: 512, processors: 2) == 0)
        #expect(JXLDecoder.poolSize(width: 513, height: 512, processors: 2) == 2)
        #expect(JXLDecoder.poolSize(width: 1280, height: 720, processors: 1) == 0)
        #expect(JXLDecoder.poolSize(width: 1280, height: 720, processors: 64) == 8)
        guard let corpus = TestPaths.corpus else { return }
        for (name, large) in [("blendmodes", true), ("grayscale", false)] {
            let path = corpus.appendingPathComponent("jxl/\(name)/input.jxl").path
            let decoder = try JXLDecoder(
                input: InputFile.open(path: path, limits: DecodeLimits()), limits: DecodeLimits())
            let expected = large && ProcessorCount.online > 1 ? min(ProcessorCount.online, 8) : 0
            #expect(decoder.threads == 0, "\(name): a pool before the first frame")
            #expect(try decoder.nextFrame() != nil, "\(name)")
            #expect(decoder.threads == expected, "\(name)")
        }
    }

    @Test func everyCaseMatchesItsReference() throws {
        guard let corpus = TestPaths.corpus else { return }
        let folder = corpus.appendingPathComponent("jxl")
        let cases = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/input.jxl").path)
        }.sorted()
        #expect(cases.count >= 9)
        var animated = 0
        for name in cases {
            let directory = folder.appendingPathComponent(name)
            let test =
                try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("test.json")))
                as? [String: Any] ?? [:]
            let allowances = test["frames"] as? [[String: Any]] ?? []
            let referenceName =
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("ref.apng").path)
                ? "ref.apng" : "ref.png"
            let decoded = try frames(of: directory.appendingPathComponent("input.jxl").path)
            let reference = try frames(of: directory.appendingPathComponent(referenceName).path)
            #expect(decoded.count == allowances.count, "\(name): \(decoded.count) frames")
            #expect(decoded.count == reference.count, "\(name)")
            var within = true
            for (index, (frame, expected)) in zip(decoded, reference).enumerated() where index < allowances.count {
                let allowance = allowances[index]
                guard frame.image.width == expected.image.width, frame.image.height == expected.image.height else {
                    Issue.record("\(name) frame \(index): \(frame.image.width)x\(frame.image.height)")
                    within = false
                    continue
                }
                // Straight alpha keeps the colour under zero alpha: the references have it too.
                let difference = CanonicalPixels.differences(frame.image, expected.image, canonical: false)
                let peak = (allowance["peak_error"] as? Double ?? 0) * 255 + 1
                let rms = (allowance["rms_error"] as? Double ?? 0) * 255 + 0.5
                if Double(difference.peak) > peak || difference.rms > rms {
                    within = false
                    if Self.knownDifferences[name] == nil {
                        Issue.record(
                            "\(name) frame \(index): peak \(difference.peak), RMS \(difference.rms) (allowed \(peak), \(rms))"
                        )
                    }
                }
                if let seconds = allowance["duration"] as? Double {
                    animated += 1
                    #expect(frame.duration == .milliseconds(Int((seconds * 1000).rounded())), "\(name) frame \(index)")
                }
            }
            if Self.knownDifferences[name] == nil {
                #expect(within, "\(name) is outside the error test.json allows")
            } else {
                #expect(!within, "\(name) matches now: take it out of knownDifferences")
            }
        }
        // animation_spline: 60 frames of 20 ms.
        #expect(animated >= 60)
    }

    /// The references hold the JPEG XL's own values in its own colour space (their iCCP names
    /// it): compared as stored, unconverted.
    private func frames(of path: String) throws -> [Frame] {
        let image = try AnimatedImage.open(path: path, limits: DecodeLimits(convertsColorProfiles: false))
        var frames: [Frame] = []
        while let frame = try image.nextFrame() { frames.append(frame) }
        #expect(!image.isTruncated, "\(path)")
        return frames
    }
}
