import ArgumentParser
import Decode
import Glibc
import Graphics
import Picture
import Terminal

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
    let limits: DecodeLimits

    func run(paths: [String], clear: Bool) -> ExitStatus {
        var bytes = ControlSequence.saveCursor + blankRectangle()
        if clear {
            KittyOutput().deleteFirstStill(into: &bytes)
        } else {
            let path = paths[0]
            do throws(DecodeError) {
                let image = try sources.open(path, limits: limits)
                let (found, _) = try PipePrinter.frame(options.frame, of: image)
                guard let frame = found else { throw DecodeError.noFrames(format: image.format) }
                bytes += picture(of: frame.image)
                for warning in image.warnings { Diagnostics.warning(warning, file: path) }
            } catch {
                Diagnostics.error(error.description, file: path)
                return .after(failed: 1, of: 1)
            }
        }
        bytes += ControlSequence.resetAttributes + ControlSequence.restoreCursor
        do {
            try StandardOutput.write(bytes)
        } catch {
            StandardOutput.report(error)
            return .usage
        }
        return .success
    }

    /// Every cell of the rectangle blanked (what an earlier preview left there goes).
    private func blankRectangle() -> [UInt8] {
        var bytes = ControlSequence.resetAttributes
        for row in 0..<place.rows {
            bytes += ControlSequence.cursorPosition(row: place.y + row, column: place.x)
            bytes += ControlSequence.eraseCharacters(place.columns)
        }
        return bytes
    }

    /// A cell's pixels from the terminal's window size (an ioctl: nothing is asked), else the
    /// assumed 10x20 (kitty and iTerm2 stretch the picture over its cells either way).
    private static var cellPixels: PixelSize {
        let terminal = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return PixelSize.assumedCell }
        defer { close(terminal) }
        return TerminalSize.of(descriptor: terminal)?.cellPixels ?? PixelSize.assumedCell
    }

    /// The frame fitted to the rectangle and drawn there.
    private func picture(of image: RGBAImage) -> [UInt8] {
        let request = options.request
        if let graphics = options.pixels.graphicsProtocol {
            var renderer = PixelRenderer(
                background: request.pixelBackground(graphics: graphics), upscale: request.upscale,
                terminalScales: graphics.terminalScales)
            let cell = Self.cellPixels
            let picture = renderer.render(
                image, frame: FrameIdentity(file: 0, index: 0), areaColumns: place.columns, areaRows: place.rows,
                cellWidth: cell.width, cellHeight: cell.height)
            let layout = picture.layout
            return ControlSequence.cursorPosition(
                row: place.y + layout.originRow, column: place.x + layout.originColumn)
                + graphics.output().still(picture)
        }
        let mode = options.pipeMode(environment: environment)
        var renderer = GridRenderer(builder: request.builder(mode: mode), upscale: request.upscale)
        var grid = renderer.render(image, columns: place.columns, rows: place.rows, cellAspect: nil)
        grid.originRow += place.y
        grid.originColumn += place.x
        // Drawn over a blank grid of its own size: every cell that is not blank goes out, at its
        // place on the screen (the rectangle was blanked above).
        var blank: CellGrid? = CellGrid(
            rows: grid.rows, columns: grid.columns, originRow: grid.originRow, originColumn: grid.originColumn)
        var bytes: [UInt8] = []
        ANSIWriter(mode: mode).update(
            displayed: &blank, to: grid, tolerance: 0, into: &bytes)
        return bytes
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
