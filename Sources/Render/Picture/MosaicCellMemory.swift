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
/// slots are written in place frame after frame, never copied (a renderer holds one memory,
/// and renders one frame at a time).
final class MosaicCellMemory: @unchecked Sendable {
    let slots: UnsafeMutablePointer<RGBA>
    let slotSize: Int
    private let count: Int

    /// Room for every cell of `geometry`; its contents are made by `remember` as the first
    /// frame's cells are all worked out.
    init(geometry: MosaicGeometry) {
        slotSize = Self.slotSize(geometry)
        count = max(1, slotSize * geometry.across.count * geometry.down.count)
        slots = .allocate(capacity: count)
    }

    deinit { slots.deallocate() }

    private static func slotSize(_ geometry: MosaicGeometry) -> Int {
        (geometry.across.map(\.count).max() ?? 0) * (geometry.down.map(\.count).max() ?? 0)
    }

    func fits(_ geometry: MosaicGeometry) -> Bool {
        slotSize == Self.slotSize(geometry) && count == max(1, slotSize * geometry.across.count * geometry.down.count)
    }

    /// Whether every byte of the cell's canvas pixels (`count` from column `first` on each of
    /// `rows`) is within `tolerance` of what `slot` holds.
    static func matches(
        _ slot: UnsafePointer<RGBA>, canvas: UnsafeBufferPointer<RGBA>, width: Int, first: Int, count: Int,
        rows: [MosaicGeometry.Share], tolerance: UInt8
    ) -> Bool {
        // |a − b| ≤ t exactly when a − b + t, wrapping at 256, is at most 2t (t < 128).
        let shift4 = SIMD16<UInt8>(repeating: tolerance), limit4 = SIMD16<UInt8>(repeating: tolerance &* 2)
        let shift1 = SIMD4<UInt8>(repeating: tolerance), limit1 = SIMD4<UInt8>(repeating: tolerance &* 2)
        let kept = UnsafeRawPointer(slot)
        let base = UnsafeRawPointer(canvas.baseAddress!)
        for (line, share) in rows.enumerated() {
            let now = base + (share.index * width + first) * 4
            let then = kept + line * count * 4
            var at = 0
            while at + 4 <= count {
                let difference =
                    now.loadUnaligned(fromByteOffset: at * 4, as: SIMD16<UInt8>.self)
                    &- then.loadUnaligned(fromByteOffset: at * 4, as: SIMD16<UInt8>.self)
                if any(difference &+ shift4 .> limit4) { return false }
                at += 4
            }
            while at < count {
                let difference =
                    now.loadUnaligned(fromByteOffset: at * 4, as: SIMD4<UInt8>.self)
                    &- then.loadUnaligned(fromByteOffset: at * 4, as: SIMD4<UInt8>.self)
                if any(difference &+ shift1 .> limit1) { return false }
                at += 1
            }
        }
        return true
    }

    /// Keeps the cell's canvas pixels in `slot`, rows packed.
    static func remember(
        _ slot: UnsafeMutablePointer<RGBA>, canvas: UnsafeBufferPointer<RGBA>, width: Int, first: Int, count: Int,
        rows: [MosaicGeometry.Share]
    ) {
        for (line, share) in rows.enumerated() {
            (slot + line * count).update(from: canvas.baseAddress! + share.index * width + first, count: count)
        }
    }
}
