import Graphics
import Decode
import Picture
import Terminal

/// `tview-bench sixel FILE WIDTHxHEIGHT`: the first frame scaled to WIDTH x HEIGHT pixels as
/// sixel on standard output (to see it in a sixel terminal), and on standard error the fastest
/// of 20 encodings and the bytes; with frames changed by a region, what a region costs.
enum SixelTiming {
    static func run(path: String, width: Int, height: Int) {
        guard let image = try? AnimatedImage.open(path: path), let frame = try? image.nextFrame() else {
            try? DescriptorWriter.writeAll(Array("cannot decode \(path)\n".utf8), to: 2)
            return
        }
        let scaler = Downsampler(
            sourceWidth: frame.image.width, sourceHeight: frame.image.height, targetWidth: width, targetHeight: height)
        let picture = scaler.scale(frame.image)
        let encoder = SixelEncoder()
        var best = Double.infinity
        var bytes: [UInt8] = []
        for _ in 0..<20 {
            let start = Clock.now()
            bytes = encoder.encode(picture)
            best = min(best, Clock.milliseconds(since: start))
        }
        let report = "\(path) at \(width)x\(height): sixel \(bytes.count) bytes, \(best) ms (fastest of 20)\n"
        try? DescriptorWriter.writeAll(Array(report.utf8), to: 2)
        try? DescriptorWriter.writeAll(bytes, to: 1)
    }
}
