public import Picture
public import Playback

/// A sink whose prepared frames are cell grids, which the frame cache keeps packed
/// (`PackedCellGrid`): twice the frames in its budget. The keeping is written here once.
public protocol CellGridSink: FrameSink where Prepared == CellGrid, Kept == PackedCellGrid {}

extension CellGridSink {
    public func keep(_ prepared: CellGrid) -> PackedCellGrid { PackedCellGrid(prepared) }
    public func restore(_ kept: PackedCellGrid) -> CellGrid { kept.grid }
    public func cost(of kept: PackedCellGrid) -> Int { kept.memoryCost }
}
