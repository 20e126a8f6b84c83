import Graphics
public import Decode
import Glibc
public import Picture
public import Playback

/// `--animate` on a pipe: every frame written in full as ANSI text, the cursor moved back up
/// between frames, so a plain terminal (or a recording) shows the animation.
public final class PipeAnimationSink: FrameSink, CellGridSink {
    private var renderer: GridRenderer
    private let writer: ANSIWriter
    private let columns: Int
    private let rows: Int
    /// Every frame in a synchronized update: whatever reads the pipe cannot be asked, and a
    /// terminal that does not know mode 2026 ignores it.
    private let output: FrameWriter
    private var rowsOnScreen = 0
    public var bytesWritten: Int { output.bytesWritten }
    public var outputError: WriteError? { output.outputError }

    /// Frames fitted to `columns` × `rows` cells, written to `output` (1: standard output).
    public init(builder: CellGridBuilder, upscale: Bool, columns: Int, rows: Int, output: CInt = 1) {
        renderer = GridRenderer(builder: builder, upscale: upscale)
        writer = ANSIWriter(mode: builder.mode)
        self.columns = columns
        self.rows = rows
        self.output = FrameWriter(output: output, synchronized: true)
    }

    public func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int) { (columns, rows) }

    /// Video clips are decoded at the size this tile shows them as text.
    public func decodeBound(for tile: Tile) -> FrameBound? {
        GridRenderer.decodeBound(
            columns: tile.width, rows: tile.pictureRows, cellAspect: nil, builder: renderer.builder)
    }

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
    ) -> CellGrid {
        renderer.render(
            image, serial: serial, change: change, columns: tile.width, rows: tile.pictureRows, cellAspect: nil)
    }

    /// Writes the one tile (no status line on a pipe).
    public func present(_ tiles: [TileView<CellGrid>], status: PlaybackStatus?) {
        guard let prepared = tiles.first?.picture else { return }
        var bytes: [UInt8] = []
        if rowsOnScreen > 0 {
            writer.appendCursorUp(rowsOnScreen, into: &bytes)
        }
        bytes += writer.lines(prepared)
        rowsOnScreen = prepared.rows
        output.writeFrame(bytes)
    }

    public func refresh() {}

    public func suspend() {}
}
