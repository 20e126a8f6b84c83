import Graphics
import Decode
import Glibc
import Picture
import Playback
import Terminal

/// Standard output is not a terminal: no ncurses, plain ANSI text of one frame (`--frame N`),
/// sized by `--size`, else COLUMNS/LINES, else 80x24, ending with a colour reset and a newline;
/// or, with `--pixels kitty|sixel|iterm2`, that protocol's image of it (cells taken as 10x20).
struct PipePrinter {
    let options: DisplayOptions
    let environment: [String: String]
    let sources: SourceOptions
    let limits: DecodeLimits

    func run(paths: [String]) -> ExitStatus {
        let area = options.pipeArea(environment: environment)
        let mode = options.pipeMode(environment: environment)
        let request = options.request
        var failed = 0
        for path in paths {
            do throws(DecodeError) {
                let image = try sources.open(path, limits: limits)
                let (found, index) = try Self.frame(options.frame, of: image)
                guard let frame = found else { throw DecodeError.noFrames(format: image.format) }
                if index < options.frame {
                    Diagnostics.warning("has \(index) frames; showing the last", file: path)
                }
                let bytes: [UInt8]
                if let graphics = options.pixels.graphicsProtocol {
                    // Asked for by name: the frame as that protocol's image, for the assumed cell.
                    var renderer = PixelRenderer(
                        background: request.pixelBackground(graphics: graphics), upscale: request.upscale,
                        terminalScales: graphics.terminalScales)
                    let picture = renderer.render(
                        frame.image, frame: FrameIdentity(file: 0, index: 0), areaColumns: area.columns,
                        areaRows: area.rows, cellWidth: PixelSize.assumedCell.width,
                        cellHeight: PixelSize.assumedCell.height)
                    bytes = graphics.output().still(picture)
                } else {
                    var renderer = GridRenderer(builder: request.builder(mode: mode), upscale: request.upscale)
                    let grid = renderer.render(frame.image, columns: area.columns, rows: area.rows, cellAspect: nil)
                    bytes = TextFrame.bytes(grid, mode: mode)
                }
                do {
                    try StandardOutput.write(bytes)
                } catch {
                    StandardOutput.report(error)
                    return .usage
                }
                // What was wrong but showed anyway (rows of a file cut short, a broken frame).
                for warning in image.warnings { Diagnostics.warning(warning, file: path) }
            } catch {
                Diagnostics.error(error.description, file: path)
                failed += 1
            }
        }
        return .after(failed: failed, of: paths.count)
    }

    /// Frame `number` (1-based), or the last one when the file has fewer, with its number. A
    /// frame held while the next is decoded would make the decoder copy its canvas (256 MB at
    /// 8000x8000), so it is let go while another surely follows; when one that was let go turns
    /// out to be the last (the data broke off), the file is decoded again up to it.
    static func frame(_ number: Int, of image: AnimatedImage) throws(DecodeError) -> (Frame?, Int) {
        var (chosen, index) = try image.decodeFrames(number)
        if chosen == nil && index > 0 {
            // The pass ended after a frame that was let go: from the start again, up to it.
            try image.rewind()
            chosen = try image.decodeFrames(index).last
        }
        return (chosen, index)
    }
}
