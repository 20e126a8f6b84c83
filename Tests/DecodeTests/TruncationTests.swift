import Decode
import Foundation
import Testing

/// Every prefix of a small valid file of each format either decodes some frames (and says it
/// was cut short) or fails with an error: no crash, no hang, no partial garbage called complete.
@Suite struct TruncationTests {
    @Test(arguments: [
        "gif-interlaced-local-palettes.gif", "gif-transparent.gif", "apng-dispose-previous.png",
        "apng-hidden-default.png", "png-still-alpha.png", "webp-lossless-alpha.webp", "webp-lossy-alpha.webp",
        "avif-lossless-alpha.avif", "avif-still-lossy.avif", "jxl-lossless-alpha.jxl", "jxl-still-lossy.jxl",
        "webp-still-lossless.webp", "../bad/webp-lossy-cut-90.webp", "../bad/webp-lossless-cut-90.webp",
        "../bad/webp-frame-8-of-8-broken.webp",
    ])
    func everyPrefixDecodesOrFailsCleanly(fileName: String) throws {
        let url = TestPaths.samples.appendingPathComponent("good/\(fileName)")
        let bytes = [UInt8](try Data(contentsOf: url))
        let complete = try decodeAll(bytes, name: fileName)
        // Stride through long files to keep the sweep quick, but always cover the last bytes.
        let step = max(1, bytes.count / 600)
        var lengths = Array(stride(from: 0, to: bytes.count, by: step))
        lengths += (max(0, bytes.count - 40)..<bytes.count)
        for length in Set(lengths).sorted() {
            let prefix = Array(bytes.prefix(length))
            do {
                let partial = try decodeAll(prefix, name: "\(fileName)[..<\(length)]")
                // What did decode is a prefix of the real animation, never more frames.
                #expect(partial.frames.count <= complete.frames.count, "prefix \(length)")
                #expect(partial.frames.count > 0)
                if partial.frames.count < complete.frames.count {
                    // Cut exactly between two GIF frames, a file looks complete but for its
                    // trailer: a warning says so.
                    #expect(partial.truncated || !partial.warnings.isEmpty, "prefix \(length) lost frames silently")
                }
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    private func decodeAll(_ bytes: [UInt8], name: String) throws(DecodeError) -> (
        frames: [Frame], truncated: Bool, warnings: [String]
    ) {
        let image = try AnimatedImage.open(bytes: bytes, name: name)
        var frames: [Frame] = []
        while let frame = try image.nextFrame() {
            frames.append(frame)
            if frames.count > 1000 { break }
        }
        return (frames, image.isTruncated, image.warnings)
    }
}
