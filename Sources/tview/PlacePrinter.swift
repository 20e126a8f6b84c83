import ArgumentParser
import Glibc
import TViewKit

/// `--place COLSxROWS@XxY` (and `--clear`): for previewers that know where their pane is on the
/// screen. The rectangle is blanked and the first frame (or `--frame N`) drawn in it — text, or
/// the pixels `--pixels` names (kitty, sixel, iTerm2; auto means text: nothing is asked) — and
/// the cursor is put back where it was. With `--clear` the rectangle is only blanked, and the
/// kitty image a placement left is deleted. Written to standard output whatever it is (a
/// previewer may pass it on or send it to the terminal itself); nothing is read from the
/// terminal.
struct PlacePrinter {
    let options: DisplayOptions
    let place: PlaceArea
    let environment: [String: String]
    let sources: SourceOptions
    let memoryBudget: Int
    let largestPicture: (width: Int, height: Int)

    func run(paths: [String], clear: Bool) -> ExitStatus {
        let rectangle = CellRectangle(columns: place.columns, rows: place.rows, column: place.x, row: place.y)
        let bytes: [UInt8]
        if clear {
            bytes = Thumbnail.clearing(rectangle)
        } else {
            let path = paths[0]
            do throws(TViewError) {
                let animation = try sources.animation(path, memoryBudget: memoryBudget, largestPicture: largestPicture)
                let frame = try animation.frame(options.frame)
                let style = options.textStyle(colors: options.outputColors(environment: environment))
                if let pixels = options.pixelProtocol {
                    bytes = Thumbnail.pixels(
                        of: frame, as: pixels, placedIn: rectangle, cellSize: TerminalWindow.cellPixels,
                        background: style.background, enlarges: style.enlarges)
                } else {
                    bytes = Thumbnail.text(of: frame, placedIn: rectangle, style: style)
                }
                for warning in animation.warnings { Diagnostics.warning(warning, file: path) }
            } catch {
                Diagnostics.error(error.description, file: path)
                return .after(failed: 1, of: 1)
            }
        }
        do {
            try StandardOutput.write(bytes)
        } catch {
            StandardOutput.report(error)
            return .usage
        }
        return .success
    }
}

/// `--place 40x20@60x2`: a rectangle of the screen, COLSxROWS cells from column X, row Y
/// (counted from 0, as previewers pass them).
struct PlaceArea: ExpressibleByArgument, Equatable {
    let columns: Int
    let rows: Int
    let x: Int
    let y: Int

    init?(argument: String) {
        let parts = argument.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let (columns, rows) = Dimensions.parse(String(parts[0]), widths: 1...4000, heights: 1...2000),
            let (x, y) = Dimensions.parse(String(parts[1]), widths: 0...4000, heights: 0...2000)
        else { return nil }
        self.columns = columns
        self.rows = rows
        self.x = x
        self.y = y
    }
}
