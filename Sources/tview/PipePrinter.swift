import Decode
import Glibc
import Render

/// Standard output is not a terminal: no ncurses, plain ANSI text of one frame (`--frame N`),
/// sized by `--size`, else COLUMNS/LINES, else 80x24, ending with a colour reset and a newline.
struct PipePrinter {
    let options: DisplayOptions
    let environment: [String: String]

    func run(paths: [String]) -> ExitStatus {
        let area = options.pipeArea(environment: environment)
        let mode = options.pipeMode(environment: environment)
        var failed = 0
        for path in paths {
            do throws(DecodeError) {
                let image = try AnimatedImage.open(path: path)
                var chosen: Frame? = nil
                var index = 0
                while index < options.frame, let frame = try image.nextFrame() {
                    chosen = frame
                    index += 1
                }
                guard let frame = chosen else { throw DecodeError.noFrames(format: image.format) }
                if index < options.frame {
                    Diagnostics.warning("has \(index) frames; showing the last", file: path)
                }
                var renderer = GridRenderer(builder: options.builder(mode: mode), upscale: !options.noUpscale)
                let grid = renderer.render(frame.image, columns: area.columns, rows: area.rows, cellAspect: nil)
                do {
                    try StandardOutput.write(ANSIWriter(mode: mode).lines(grid))
                } catch {
                    StandardOutput.report(error)
                    return .usage
                }
            } catch {
                Diagnostics.error(error.description, file: path)
                failed += 1
            }
        }
        return .after(failed: failed, of: paths.count)
    }
}
