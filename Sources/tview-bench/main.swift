import Glibc

// tview-bench render [MEDIA_DIR] [FRAME_LIMIT]: the render benchmark as a Markdown table.
// tview-bench mosaic FILE...: each symbol set's first frame and playing cost at 160x47.
// tview-bench scale FILE...: the fastest decode and downsample of each file's first frames.
// tview-bench skips FILE: bytes per frame at 160x47 by colour mode, tolerance and frames skipped
// (what a slow link makes tview choose between).
// tview-bench sixel FILE WIDTHxHEIGHT: the first frame as sixel on stdout, encoding cost on stderr.
// tview-bench writer FILE...: what writing a frame's cells as ANSI text costs at 160x47.
let arguments = CommandLine.arguments
if arguments.count > 3, arguments[1] == "sixel" {
    let size = arguments[3].split(separator: "x").compactMap { Int($0) }
    SixelTiming.run(path: arguments[2], width: size.first ?? 640, height: size.last ?? 384)
    exit(0)
}
if arguments.count > 2, arguments[1] == "skips" {
    SkipExperiment.run(path: arguments[2], columns: 160, rows: 47)
    exit(0)
}
if arguments.count > 2, arguments[1] == "mosaic" {
    for path in arguments.dropFirst(2) { MosaicTiming.run(path: path) }
    exit(0)
}
if arguments.count > 2, arguments[1] == "writer" {
    for path in arguments.dropFirst(2) { WriterTiming.run(path: path) }
    exit(0)
}
if arguments.count > 2, arguments[1] == "scale" {
    for path in arguments.dropFirst(2) { ScaleTiming.run(path: path) }
    exit(0)
}
guard arguments.count >= 2, arguments[1] == "render" else {
    print(
        "usage: tview-bench render [MEDIA_DIR] [FRAME_LIMIT] | tview-bench mosaic FILE... | tview-bench scale FILE..."
            + " | tview-bench skips FILE | tview-bench writer FILE..."
            + " | tview-bench sixel FILE WIDTHxHEIGHT")
    exit(2)
}
let media = arguments.count > 2 ? arguments[2] : "/tmp/tview-bench-media"
let limit = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200
let benchmark = RenderBenchmark(
    mediaDirectory: media, files: ["med.gif", "big.gif", "huge.gif", "med.png", "med.webp", "life.gif"],
    sizes: [(160, 48), (80, 24)], frameLimit: limit)
let rows = benchmark.run()

func format(_ value: Double, _ decimals: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return String(rounded)
}

print(
    "| file | cells | frames | render ms/frame (mean / p95) | cells changed/frame | ANSI diff B/frame | ncurses B/frame | full redraw B/frame |"
)
print("|---|---|---|---|---|---|---|---|")
for row in rows {
    let sorted = row.renderMilliseconds.sorted()
    let mean = sorted.reduce(0, +) / Double(max(sorted.count, 1))
    let p95 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
    let transitions = max(row.frames - 1, 1)
    let changed = Double(row.cellsChanged) / Double(transitions)
    let share = row.cellsTotal > 0 ? 100 * Double(row.cellsChanged) / Double(row.cellsTotal) : 0
    print(
        "| \(row.file) | \(row.size) | \(row.frames) | \(format(mean)) / \(format(p95)) | \(Int(changed)) (\(format(share, 1)) %) | \(row.diffBytes / transitions) | \(row.ncursesBytes / transitions) | \(row.fullBytes / transitions) |"
    )
}
