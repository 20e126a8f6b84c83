import Decode
import Render

/// `--animate` on a pipe: every frame written in full as ANSI text, the cursor moved back up
/// between frames, so a plain terminal (or a recording) shows the animation.
final class PipeAnimationSink: FrameSink {
    private var renderer: GridRenderer
    private let writer: ANSIWriter
    private let area: CellArea
    private var rowsOnScreen = 0
    private(set) var bytesWritten = 0
    private(set) var lastGrid: CellGrid?
    private(set) var outputError: WriteError?

    init(builder: CellGridBuilder, upscale: Bool, area: CellArea) {
        renderer = GridRenderer(builder: builder, upscale: upscale)
        writer = ANSIWriter(mode: builder.mode)
        self.area = area
    }

    func prepare(_ image: RGBAImage, serial: UInt64, change: CanvasChange?, statusLine: Bool) -> CellGrid {
        renderer.render(image, serial: serial, change: change, columns: area.columns, rows: area.rows, cellAspect: nil)
    }

    func present(_ prepared: CellGrid, status: PlaybackStatus?) {
        var bytes: [UInt8] = ANSIWriter.beginSynchronized
        if rowsOnScreen > 0 {
            bytes += Array("\u{1B}[\(rowsOnScreen)A\r".utf8)
        }
        bytes += writer.lines(prepared)
        bytes += ANSIWriter.endSynchronized
        rowsOnScreen = prepared.rows
        lastGrid = prepared
        bytesWritten += bytes.count
        do {
            try StandardOutput.write(bytes)
        } catch {
            outputError = outputError ?? error
        }
    }

    func cost(of prepared: CellGrid) -> Int {
        prepared.cells.count * MemoryLayout<Cell>.stride + 64
    }

    func refresh() {}

    func suspend() {}
}
