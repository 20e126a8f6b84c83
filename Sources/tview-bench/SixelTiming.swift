import Graphics
import Decode
import Picture
import Terminal

/// `tview-bench sixel FILE WIDTHxHEIGHT`: the first frame scaled to WIDTH x HEIGHT pixels as
/// sixel on standard output (to see it in a sixel terminal), and on standard error the fastest
/// of 20 encodings and the bytes; then the file's first 120 frames played once through
/// `SixelOutput` (the first whole, then what changed) as tview lays them out in 160x47 cells
/// of 10x20 pixels: the bytes and the fastest of 5 loops.
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
        loop(path: path)
    }

    static func loop(path: String) {
        guard let image = try? AnimatedImage.open(path: path) else { return }
        var renderer = PixelRenderer(background: .opaqueBlack, upscale: true, terminalScales: false)
        var pictures: [PixelPicture] = []
        while pictures.count < 120, let frame = try? image.nextFrame() {
            pictures.append(
                renderer.render(
                    frame.image, frame: FrameIdentity(file: 0, index: pictures.count), areaColumns: 160, areaRows: 47,
                    cellWidth: 10, cellHeight: 20))
        }
        var best = Double.infinity
        var bytes = 0
        for _ in 0..<5 {
            let output = SixelOutput()
            var out: [UInt8] = []
            let start = Clock.now()
            for picture in pictures { output.draw(picture, into: &out) }
            best = min(best, Clock.milliseconds(since: start))
            bytes = out.count
        }
        let layout = pictures.first.map { "\($0.layout.pictureWidth)x\($0.layout.pictureHeight)" } ?? "-"
        let report =
            "\(pictures.count) frames at \(layout) through SixelOutput: \(bytes) bytes, \(best) ms (fastest of 5)\n"
        try? DescriptorWriter.writeAll(Array(report.utf8), to: 2)
    }
}
