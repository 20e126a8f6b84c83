import Decode
import Picture
import Terminal

/// `tview-bench scale FILE`: the fastest of 40 downsamples of one decoded frame to 160x90 and
/// 80x45 half-block pixels, the fastest of 5 decodes of the first 30 frames and of 5 opens with
/// the first frame (minimums: this
/// machine's neighbours add noise, never remove it).
enum ScaleTiming {
    static func run(path: String) {
        var bestDecode = Double.infinity
        for _ in 0..<5 {
            guard let image = try? AnimatedImage.open(path: path) else { break }
            let start = Clock.now()
            for _ in 0..<30 { _ = try? image.nextFrame() }
            bestDecode = min(bestDecode, Clock.milliseconds(since: start) / 30)
        }
        print("\(path): decode \(bestDecode) ms a frame (first 30)")
        var bestFirst = Double.infinity
        for _ in 0..<5 {
            let start = Clock.now()
            guard let image = try? AnimatedImage.open(path: path), (try? image.nextFrame()) != nil else { break }
            bestFirst = min(bestFirst, Clock.milliseconds(since: start))
        }
        print("\(path): open and first frame \(bestFirst) ms")
        guard let image = try? AnimatedImage.open(path: path), let frame = try? image.nextFrame() else {
            print("cannot decode \(path)")
            return
        }
        for (width, height) in [(160, 90), (80, 45)] {
            let scaler = Downsampler(
                sourceWidth: frame.image.width, sourceHeight: frame.image.height, targetWidth: width,
                targetHeight: height)
            var best = Double.infinity
            var checksum = 0
            for _ in 0..<40 {
                let start = Clock.now()
                let out = scaler.scale(frame.image)
                best = min(best, Clock.milliseconds(since: start))
                checksum &+= Int(out.pixels[out.pixels.count / 2].r)
            }
            print(
                "\(path) \(frame.image.width)x\(frame.image.height) → \(width)x\(height): \(best) ms (checksum \(checksum))"
            )
        }
    }
}
