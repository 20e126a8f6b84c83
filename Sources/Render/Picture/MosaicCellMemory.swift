import Decode

/// The canvas pixels each mosaic cell was last worked out from, for frames a lossy video codec
/// made (`RGBAImage.codingNoise`): a cell whose pixels are all still within the noise of those
/// keeps its cell. Compared with the pixels the cell was made from, not with the frame before,
/// so a slow fade still shows as soon as it adds up past the noise. On bench/'s 720p clip at
/// 4x8 pixels a cell, half the cells change from one frame to the next, three quarters of
/// those by 3 levels or less: the encoder's noise over parts of the picture that stand still.
///
/// One slot a cell, as many pixels as the largest cell reads; each cell's rows are kept packed
/// in its slot. Cells in different bands of `ParallelBands` write different slots. A class: the
/// slots are written in place frame after frame, never copied; a renderer that finds its memory
/// shared (a copy of it rendered too) starts a new one (`GridRenderer`).
final class MosaicCellMemory {
    let slots: UnsafeMutablePointer<RGBA>
    let slotSize: Int
    private let capacity: Int

    /// Room for every cell of `geometry`. Every slot is written (`remember`) in the first frame
    /// built with it, before any is read (`MosaicCellBuilder.build`).
    init(geometry: MosaicGeometry) {
        slotSize = Self.pixelsPerSlot(geometry)
        capacity = max(1, slotSize * geometry.across.count * geometry.down.count)
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: .transparent, count: capacity)
    }

    deinit { slots.deallocate() }

    private static func pixelsPerSlot(_ geometry: MosaicGeometry) -> Int {
        (geometry.across.map(\.count).max() ?? 0) * (geometry.down.map(\.count).max() ?? 0)
    }

    /// Whether the slots are laid out for `geometry`'s cells. A guard only: a renderer starts
    /// afresh whenever the canvas or the area changes.
    func fits(_ geometry: MosaicGeometry) -> Bool {
        slotSize == Self.pixelsPerSlot(geometry)
            && capacity == max(1, slotSize * geometry.across.count * geometry.down.count)
    }

    /// Whether every byte of the cell's canvas pixels (`columns` from column `first` on each of
    /// `rows`) is within `noise` of what `slot` holds.
    static func matches(
        _ slot: UnsafePointer<RGBA>, canvas: UnsafeBufferPointer<RGBA>, width: Int, first: Int, columns: Int,
        rows: [MosaicGeometry.Share], noise: UInt8
    ) -> Bool {
        let limit16 = SIMD16<UInt8>(repeating: noise), limit4 = SIMD4<UInt8>(repeating: noise)
        let kept = UnsafeRawPointer(slot)
        let base = UnsafeRawPointer(canvas.baseAddress!)
        for (line, share) in rows.enumerated() {
            let now = base + (share.index * width + first) * 4
            let then = kept + line * columns * 4
            var at = 0
            // Four pixels a step, then one: each byte's distance, the larger minus the smaller.
            while at + 4 <= columns {
                let a = now.loadUnaligned(fromByteOffset: at * 4, as: SIMD16<UInt8>.self)
                let b = then.loadUnaligned(fromByteOffset: at * 4, as: SIMD16<UInt8>.self)
                if any((a &- b).replacing(with: b &- a, where: b .> a) .> limit16) { return false }
                at += 4
            }
            while at < columns {
                let a = now.loadUnaligned(fromByteOffset: at * 4, as: SIMD4<UInt8>.self)
                let b = then.loadUnaligned(fromByteOffset: at * 4, as: SIMD4<UInt8>.self)
                if any((a &- b).replacing(with: b &- a, where: b .> a) .> limit4) { return false }
                at += 1
            }
        }
        return true
    }

    /// Keeps the cell's canvas pixels in `slot`, rows packed.
    static func remember(
        _ slot: UnsafeMutablePointer<RGBA>, canvas: UnsafeBufferPointer<RGBA>, width: Int, first: Int, columns: Int,
        rows: [MosaicGeometry.Share]
    ) {
        for (line, share) in rows.enumerated() {
            (slot + line * columns).update(from: canvas.baseAddress! + share.index * width + first, count: columns)
        }
    }
}
