import Decode
import Glibc
import Picture

/// `tview-bench mosaic FILE`: for each symbol set at 160x47 cells in truecolor (eighth blocks
/// with the mosaics, as by default; sextants and octants also with the wedges), the fastest of 15 first frames (every cell worked out) and
/// the fastest of 3 passes over the first 60 frames as playing renders them (unchanged cells
/// kept), in processor time (all threads: a first frame is worked out on every processor). A
/// video clip is decoded at 4x8 canvas pixels a cell, as the player decodes it for eighth blocks.
/// Minimums: this machine's neighbours add noise, never remove it.
enum MosaicTiming {
    static func run(path: String) {
        guard let image = try? AnimatedImage.open(path: path) else {
            print("cannot open \(path)")
            return
        }
        // A clip is decoded at what cells with eighth blocks read (4x8 canvas pixels a cell),
        // as playing decodes it; other files decode as they are.
        var eighths = CellGridBuilder(mode: .truecolor)
        eighths.symbols = .quadrant
        eighths.eighths = true
        image.show(at: GridRenderer.decodeBound(columns: 160, rows: 47, cellAspect: 2, builder: eighths))
        var frames: [Frame] = []
        while frames.count < 60, let frame = try? image.nextFrame() { frames.append(frame) }
        guard let first = frames.first else { return }
        // TVIEW_BENCH_SYMBOLS=quadrant,octant: only those sets (for a profiler).
        let only = getenv("TVIEW_BENCH_SYMBOLS").map { String(cString: $0).split(separator: ",").map(String.init) }
        let sets = MosaicSymbols.allCases.flatMap { symbols in
            symbols >= .sextant ? [(symbols, false), (symbols, true)] : [(symbols, false)]
        }
        for (symbols, wedges) in sets where only?.contains(symbols.rawValue) ?? true {
            var builder = CellGridBuilder(mode: .truecolor)
            builder.symbols = symbols
            builder.eighths = symbols != .half
            builder.wedges = wedges
            var bestFirst = Double.infinity
            for _ in 0..<15 {
                // A new renderer: nothing kept from an earlier frame.
                var renderer = GridRenderer(builder: builder)
                _ = renderer.render(first.image, columns: 8, rows: 4, cellAspect: 2)
                let start = Clock.now(CLOCK_PROCESS_CPUTIME_ID)
                _ = renderer.render(first.image, serial: 1, change: nil, columns: 160, rows: 47, cellAspect: 2)
                bestFirst = min(bestFirst, Clock.milliseconds(since: start, CLOCK_PROCESS_CPUTIME_ID))
            }
            var bestPass = Double.infinity
            for _ in 0..<3 {
                var renderer = GridRenderer(builder: builder)
                let start = Clock.now(CLOCK_PROCESS_CPUTIME_ID)
                for frame in frames {
                    _ = renderer.render(
                        frame.image, serial: frame.serial, change: frame.change, columns: 160, rows: 47,
                        cellAspect: 2)
                }
                bestPass = min(
                    bestPass, Clock.milliseconds(since: start, CLOCK_PROCESS_CPUTIME_ID) / Double(frames.count))
            }
            print(
                "\(path) \(symbols.rawValue)\(wedges ? "+wedge" : ""): first frame \(format(bestFirst)) ms (processor time); "
                    + "playing \(format(bestPass)) ms a frame")
        }
    }

    private static func format(_ value: Double) -> String {
        String((value * 100).rounded() / 100)
    }
}
