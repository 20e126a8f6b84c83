import TViewKit

/// Standard output is not a terminal: no ncurses, plain ANSI text of one frame (`--frame N`),
/// sized by `--size`, else COLUMNS/LINES, else 80x24, ending with a colour reset and a newline;
/// or, with `--pixels kitty|sixel|iterm2`, that protocol's image of it (cells taken as 10x20).
struct PipePrinter {
    let options: DisplayOptions
    let environment: [String: String]
    let sources: SourceOptions
    let memoryBudget: Int
    let largestPicture: (width: Int, height: Int)

    func run(paths: [String]) -> ExitStatus {
        let area = options.pipeArea(environment: environment)
        let style = options.textStyle(colors: options.outputColors(environment: environment))
        return EachFile.run(paths) { path throws(TViewError) in
            let animation = try sources.animation(path, memoryBudget: memoryBudget, largestPicture: largestPicture)
            let frame = try animation.frame(options.frame)
            if frame.number < options.frame {
                Diagnostics.warning("has \(frame.number) frames; showing the last", file: path)
            }
            let bytes: [UInt8]
            if let pixels = options.pixelProtocol {
                // Asked for by name: the frame as that protocol's image, for the assumed cell.
                bytes =
                    Thumbnail.pixels(
                        of: frame, as: pixels, columns: area.columns, rows: area.rows,
                        background: style.background, enlarges: style.enlarges
                    ).bytes
            } else {
                bytes = Array(Thumbnail.text(of: frame, columns: area.columns, rows: area.rows, style: style).utf8)
            }
            do throws(TViewError) {
                try StandardOutput.write(bytes)
            } catch {
                StandardOutput.report(error)
                return .usage
            }
            // What was wrong but showed anyway (rows of a file cut short, a broken frame).
            for warning in animation.warnings { Diagnostics.warning(warning, file: path) }
            return nil
        }
    }
}
