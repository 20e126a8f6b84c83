/// Mosaic cells already worked out, by the digest of their canvas pixels, wherever and whenever
/// they were: a cell whose pixels come back (a counter's digits, a sprite's frames, a pattern
/// that moves by whole cells) is taken from here rather than measured and searched again. On
/// bench/'s big.gif at 160x45, 39 % of the cells that change from one frame to the next have
/// pixels some cell had before, and 21–24 % are still here with 8k–64k slots.
///
/// Direct-mapped: a slot a digest's low bits, the newest cell in it. Only where a cell is
/// the same whatever its place: in truecolor (no dithering), on a canvas every cell of which
/// covers the same whole pixels (`MosaicGeometry.uniform`), without a codec's noise (exact
/// digests), for one builder's settings (`CellGridBuilder`'s), on one thread: used only when
/// `MosaicCellBuilder.build` works on the caller's thread alone (hence unchecked Sendable), and
/// `GridRenderer` drops one that a copy of it shares.
final class MosaicCellRecall: @unchecked Sendable {
    /// 16,384 slots of about 32 bytes: half a megabyte, most of the hits of 64k.
    static let slotCount = 1 << 14
    private var slots: [(digest: UInt64, cell: Cell)?]
    /// The settings the cells were made with (symbols, eighths, wedges, colours, background).
    let settings: String

    init(settings: String) {
        self.settings = settings
        slots = Array(repeating: nil, count: Self.slotCount)
    }

    /// The cell last made of pixels with `digest`, if it is still kept.
    @inline(__always)
    func cell(for digest: UInt64) -> Cell? {
        guard let slot = slots[Int(truncatingIfNeeded: digest) & (Self.slotCount - 1)], slot.digest == digest else {
            return nil
        }
        return slot.cell
    }

    /// Slots holding a cell (tests).
    var filled: Int { slots.count { $0 != nil } }

    @inline(__always)
    func remember(_ cell: Cell, for digest: UInt64) {
        slots[Int(truncatingIfNeeded: digest) & (Self.slotCount - 1)] = (digest, cell)
    }
}
