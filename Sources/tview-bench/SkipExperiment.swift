import Decode
import Picture
import Terminal

/// `tview-bench skips`: bytes per frame when every frame, every third or every fifth is sent
/// (a slow link skips frames), per colour mode and tolerance: why a saturated link steps down to
/// the 256-colour palette (a third of truecolor's bytes) rather than raising the tolerance.
struct SkipExperiment {
    static func run(path: String, columns: Int, rows: Int) {
        for (mode, tolerance) in [
            (ColorMode.truecolor, 0), (.truecolor, 4), (.truecolor, 6), (.truecolor, 8), (.truecolor, 12),
            (.truecolor, 24), (.palette256, 0),
        ] {
            for skip in [1, 3, 5] {
                guard let image = try? AnimatedImage.open(path: path) else { return }
                var renderer = GridRenderer(builder: CellGridBuilder(mode: mode))
                let writer = ANSIWriter(mode: mode)
                var displayed: CellGrid? = nil
                var out: [UInt8] = []
                var total = 0, frames = 0, first = 0
                var index = 0
                while let frame = try? image.nextFrame() {
                    defer { index += 1 }
                    guard index % skip == 0 else { continue }
                    let grid = renderer.render(frame.image, columns: columns, rows: rows, cellAspect: 2)
                    writer.update(displayed: &displayed, to: grid, tolerance: tolerance, into: &out)
                    if index == 0 { first = out.count } else { total += out.count; frames += 1 }
                }
                print("\(mode) tol \(tolerance) skip \(skip): first \(first) B, then \(total / max(frames, 1)) B/frame")
            }
        }
    }
}
