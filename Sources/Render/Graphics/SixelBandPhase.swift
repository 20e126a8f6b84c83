import Decode
import Glibc

/// Which rows a sixel image's bands (six rows each, from the image's top) had best start at. A
/// picture enlarged by a whole factor repeats each of its rows (three times at 3x): a band that
/// starts where a row of the picture starts holds two rows of it, one that starts elsewhere holds
/// parts of three and costs a quarter more (measured on med.gif at 3x). An image starts at the
/// top of a cell, so the choice is which cell row it starts at: one above the changes (what is
/// above them is not drawn), or, where none is free, a second image for the rest.
struct SixelBandPhase: Equatable {
    /// The row, in the image, where the first band starts (the others follow every six rows).
    let top: Int
    /// Where the rest of the region may go out as a second image, its bands starting there; nil
    /// for one image.
    let split: Int?
    /// About how many bytes the split saves, before the second image's own header and palette:
    /// one for each drawn pixel that differs from the one above and would start a band.
    let splitGain: Int
    /// The phase chosen (row mod 6), for where stripes split.
    let phase: Int

    /// The phase for `region` (starting at a cell top) of `image`, whose cells are `cellHeight`
    /// high and whose `picture` (the rest is padding, never drawn) is what counts; over
    /// `previous` (what the screen shows) only changed pixels count, and the image may start up
    /// to five cell rows above the region.
    static func choose(
        for region: PixelRect, in image: RGBAImage, over previous: RGBAImage?, picture: PixelRect, cellHeight: Int
    ) -> SixelBandPhase {
        let unchanged = SixelBandPhase(top: region.y, split: nil, splitGain: 0, phase: region.y % 6)
        guard cellHeight > 0, region.height > cellHeight else { return unchanged }
        let changes = changesByPhase(
            in: image, region: SixelEncoder.intersection(region, picture), over: previous)
        // Cell tops only start bands at some phases (0, 2 and 4 for cells 20 rows high).
        let reachable = Set((0..<6).map { $0 * cellHeight % 6 })
        let current = region.y % 6
        // A picture at its own size changes about as much at every row: nothing to gain.
        let total = changes.reduce(0, +)
        guard let best = reachable.max(by: { (changes[$0], $1) < (changes[$1], $0) }),
            changes[best] - changes[current] > total / 6
        else { return unchanged }
        if previous != nil {
            for rows in 1...5 {
                let top = region.y - rows * cellHeight
                guard top >= 0 else { break }
                if top % 6 == best { return SixelBandPhase(top: top, split: nil, splitGain: 0, phase: best) }
            }
        }
        var split = region.y + cellHeight
        while split < region.maxY {
            if split % 6 == best {
                return SixelBandPhase(
                    top: region.y, split: split, splitGain: changes[best] - changes[current], phase: best)
            }
            split += cellHeight
        }
        return unchanged
    }

    /// For each row phase (row mod 6), how many of `region`'s pixels differ from the one above
    /// in it, counting only where either was drawn (changed from `previous`, or all without it).
    static func changesByPhase(in image: RGBAImage, region: PixelRect, over previous: RGBAImage?) -> [Int] {
        var changes = [Int](repeating: 0, count: 6)
        let width = image.width
        guard !region.isEmpty else { return changes }
        let none = [RGBA]()
        image.pixels.withUnsafeBytes { pixels in
            (previous?.pixels ?? none).withUnsafeBytes { before in
                // A pixel as one 32-bit word: one comparison.
                let pixels = pixels.bindMemory(to: UInt32.self), before = before.bindMemory(to: UInt32.self)
                for y in (region.y + 1)..<region.maxY {
                    let row = y * width + region.x
                    let above = row - width
                    // An enlarged picture's rows repeat: most are the row above.
                    if memcmp(pixels.baseAddress! + row, pixels.baseAddress! + above, region.width * 4) == 0 {
                        continue
                    }
                    var count = 0
                    if before.isEmpty {
                        for x in 0..<region.width where pixels[row + x] != pixels[above + x] { count += 1 }
                    } else {
                        for x in 0..<region.width where pixels[row + x] != pixels[above + x] {
                            if pixels[row + x] != before[row + x] || pixels[above + x] != before[above + x] {
                                count += 1
                            }
                        }
                    }
                    changes[y % 6] += count
                }
            }
        }
        return changes
    }
}
