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
    private let output: CInt
    private var rowsOnScreen = 0
    public private(set) var bytesWritten = 0
    public private(set) var outputError: WriteError?

    /// Frames fitted to `columns` × `rows` cells, written to `output` (1: standard output).
    public init(builder: CellGridBuilder, upscale: Bool, columns: Int, rows: Int, output: CInt = 1) {
        renderer = GridRenderer(builder: builder, upscale: upscale)
        writer = ANSIWriter(mode: builder.mode)
        self.columns = columns
        self.rows = rows
        self.output = output
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
        var bytes: [UInt8] = ControlSequence.beginSynchronized
        if rowsOnScreen > 0 {
            writer.appendCursorUp(rowsOnScreen, into: &bytes)
        }
        bytes += writer.lines(prepared)
        bytes += ControlSequence.endSynchronized
        rowsOnScreen = prepared.rows
        bytesWritten += bytes.count
        do {
            try DescriptorWriter.writeAll(bytes, to: output)
        } catch {
            outputError = outputError ?? error
        }
    }

    public func refresh() {}

    public func suspend() {}
}
