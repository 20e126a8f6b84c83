public import Decode
import Picture

/// What every fuzz target does with an input: open it as an image of its own format, decode up to
/// 64 frames twice (a rewind between), and put each through the renderer as playing does (the
/// changed-rectangle path included). Errors are fine; crashes, hangs and large allocations are
/// what libFuzzer reports.
public enum DecodeFuzzing {
    /// The budget inside the fuzzer: a legitimate file then allocates at most 16 MB, so an
    /// allocation over libFuzzer's -malloc_limit_mb=200 is a bug, not a big canvas.
    static let limits = DecodeLimits(memoryBudget: 16 << 20)

    public static func run(_ data: UnsafePointer<UInt8>?, _ size: Int, format: ImageFormat) -> Int32 {
        guard let data, size > 0 else { return 0 }
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        // Inputs of another format belong to another target.
        guard let sniffed = ImageFormat.sniff(bytes),
            sniffed == format || (sniffed, format) == (.apng, .png) || (sniffed.isVideo && format.isVideo)
        else {
            return 0
        }
        guard let image = try? AnimatedImage.open(bytes: bytes, name: "fuzz", limits: limits) else { return 0 }
        var renderer = GridRenderer(builder: CellGridBuilder(mode: .palette256, dither: true))
        for _ in 0..<2 {
            var count = 0
            while count < 64, let frame = try? image.nextFrame() {
                _ = renderer.render(
                    frame.image, serial: frame.serial, change: frame.change, columns: 40, rows: 12, cellAspect: nil)
                count += 1
            }
            _ = image.warnings
            guard (try? image.rewind()) != nil else { break }
        }
        return 0
    }
}
