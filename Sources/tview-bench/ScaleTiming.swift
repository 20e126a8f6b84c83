import Decode
import Render

/// `tview-bench scale FILE`: the fastest of 40 downsamples of one decoded frame to 160x90 and
/// 80x45 half-block pixels (the minimum: this machine's neighbours add noise, never remove it).
enum ScaleTiming {
    static func run(path: String) {
        guard let image = try? AnimatedImage.open(path: path), let frame = try? image.nextFrame() else {
            print("cannot decode \(path)")
            return
        }
        for (width, height) in [(160, 90), (80, 45)] {
            var scaler = Downsampler(
                sourceWidth: frame.image.width, sourceHeight: frame.image.height, targetWidth: width, targetHeight: height)
            var best = Double.infinity
            var checksum = 0
            for _ in 0..<40 {
                let start = Clock.now()
                let out = scaler.scale(frame.image)
                best = min(best, Clock.milliseconds(since: start))
                checksum &+= Int(out.pixels[out.pixels.count / 2].r)
            }
            print("\(path) \(frame.image.width)x\(frame.image.height) → \(width)x\(height): \(best) ms (checksum \(checksum))")
        }
    }
}
