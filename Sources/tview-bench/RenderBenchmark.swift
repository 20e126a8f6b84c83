import Decode
import Glibc
import Picture
import Terminal

/// `tview-bench render`: for each benchmark animation and terminal size, the cost of turning a
/// decoded frame into cells (downsample + colour), how many cells change from frame to frame, and
/// the bytes a frame costs: the ANSI diff, ncurses' own output for the same grids (xterm-direct),
/// and a full redraw. Decoding is not counted.
struct RenderBenchmark {
    struct Row {
        var file: String
        var size: String
        var frames = 0
        var renderMilliseconds: [Double] = []
        var cellsChanged = 0
        var cellsTotal = 0
        var diffBytes = 0
        var ncursesBytes = 0
        var fullBytes = 0
    }

    let mediaDirectory: String
    let files: [String]
    let sizes: [(columns: Int, rows: Int)]
    let frameLimit: Int

    func run() -> [Row] {
        var rows: [Row] = []
        for file in files {
            for size in sizes {
                if let row = measure(file: file, size: size) { rows.append(row) }
            }
        }
        return rows
    }

    private func measure(file: String, size: (columns: Int, rows: Int)) -> Row? {
        let path = mediaDirectory + "/" + file
        guard let image = try? AnimatedImage.open(path: path) else {
            print("skipped \(path): cannot open")
            return nil
        }
        setenv("COLUMNS", String(size.columns), 1)
        setenv("LINES", String(size.rows), 1)
        let capture = "/tmp/tview-bench-ncurses-\(getpid())"
        let output = open(capture, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        unlink(capture)
        let counter = open("/proc/self/fd/\(output)", O_RDONLY)
        defer { close(counter) }
        guard
            let screen = try? NCursesScreen(
                colors: ColorChoice(mode: .truecolor, reason: "--colors truecolor", requested: true),
                term: "xterm-direct", output: output, input: open("/dev/null", O_RDONLY))
        else { return nil }
        defer { screen.end() }
        var renderer = GridRenderer(builder: CellGridBuilder(mode: .truecolor))
        let writer = ANSIWriter(mode: .truecolor)
        var row = Row(file: file, size: "\(size.columns)x\(size.rows)")
        var previous: CellGrid? = nil
        var written = 0
        while row.frames < frameLimit, let frame = try? image.nextFrame() {
            let start = Clock.now()
            let grid = renderer.render(frame.image, columns: size.columns, rows: size.rows, cellAspect: 2)
            row.renderMilliseconds.append(Clock.milliseconds(since: start))
            if let previous {
                row.cellsChanged += zip(previous.cells, grid.cells).filter { $0 != $1 }.count
                row.cellsTotal += grid.cells.count
                row.diffBytes += writer.update(from: previous, to: grid).count
                row.fullBytes += writer.update(from: nil, to: grid).count
            }
            screen.present(grid)
            var status = stat()
            fstat(counter, &status)
            if previous != nil { row.ncursesBytes += Int(status.st_size) - written }
            written = Int(status.st_size)
            previous = grid
            row.frames += 1
        }
        return row
    }
}

/// A clock in milliseconds: CLOCK_MONOTONIC (wall time), or CLOCK_PROCESS_CPUTIME_ID (this
/// process's processor time, all threads).
enum Clock {
    static func now(_ clock: clockid_t = CLOCK_MONOTONIC) -> timespec {
        var time = timespec()
        clock_gettime(clock, &time)
        return time
    }

    static func milliseconds(since start: timespec, _ clock: clockid_t = CLOCK_MONOTONIC) -> Double {
        let end = now(clock)
        return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
    }
}
