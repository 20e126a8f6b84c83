import Decode
import Glibc
import Picture
import Terminal

/// `tview-bench writer FILE`: what writing a frame's cells costs (`ANSIWriter.update`, truecolor,
/// tolerance 4 as tview plays) at 160x47 in half blocks and in the default quadrants with eighth
/// blocks, over the first 60 frames decoded at what those cells read: the fastest of 5 passes,
/// in processor time per frame, and the bytes a frame. Decoding and cells are not counted.
enum WriterTiming {
    static func run(path: String) {
        for symbols in [MosaicSymbols.half, .quadrant] {
            var builder = CellGridBuilder(mode: .truecolor)
            builder.symbols = symbols
            builder.eighths = symbols != .half
            guard let image = try? AnimatedImage.open(path: path) else {
                print("cannot open \(path)")
                return
            }
            image.show(at: GridRenderer.decodeBound(columns: 160, rows: 47, cellAspect: 2, builder: builder))
            var renderer = GridRenderer(builder: builder)
            var grids: [CellGrid] = []
            while grids.count < 60, let frame = try? image.nextFrame() {
                grids.append(
                    renderer.render(
                        frame.image, serial: frame.serial, change: frame.change, columns: 160, rows: 47,
                        cellAspect: 2))
            }
            let writer = ANSIWriter(mode: .truecolor)
            var best = Double.infinity
            var bytes = 0
            var out: [UInt8] = []
            for _ in 0..<5 {
                var displayed: CellGrid? = nil
                bytes = 0
                let start = Clock.now(CLOCK_PROCESS_CPUTIME_ID)
                for grid in grids {
                    writer.update(displayed: &displayed, to: grid, tolerance: 4, into: &out)
                    bytes += out.count
                }
                best = min(best, Clock.milliseconds(since: start, CLOCK_PROCESS_CPUTIME_ID) / Double(grids.count))
            }
            print(
                "\(path) \(symbols.rawValue): writing \((best * 1000).rounded() / 1000) ms a frame, "
                    + "\(bytes / max(grids.count, 1)) bytes a frame")
        }
    }
}
