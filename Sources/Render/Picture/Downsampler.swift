public import Decode

/// Scales RGBA canvases of one size to another. Reduction averages areas: every source pixel
/// counts by how much of an output pixel it covers (fractional edges included), in linear light,
/// with premultiplied alpha so transparent pixels lend no colour. Enlargement (both axes) repeats
/// pixels (nearest neighbour). (Mosaic cells are measured on the canvas itself:
/// `MosaicGeometry`.) The filter taps are made once per size pair; the sums are kept a strip of
/// output rows at a time, so scaling a frame allocates its result and, for each band of rows it
/// works on, sums for one strip (sums for every output row would be 16 bytes a pixel: 23 MB for
/// a 1080p GIF sent as a 1600x900 sixel).
public struct Downsampler: Sendable {
    public let sourceWidth: Int
    public let sourceHeight: Int
    public let targetWidth: Int
    public let targetHeight: Int

    private struct Tap: Sendable {
        var index: Int32
        var weight: Float
    }

    /// For each output column, its source columns: taps[columnStart[x] ..< columnStart[x + 1]].
    private let columnStart: [Int]
    private let columnTaps: [Tap]
    /// For each source row, the output rows it adds to.
    private let rowStart: [Int]
    private let rowTaps: [Tap]
    /// The first and last source column each output column reads; likewise rows.
    private let columnSpans: [ClosedRange<Int>]
    private let rowSpans: [ClosedRange<Int>]
    private let enlarges: Bool
    /// Enlarging: the source column of each output column.
    private let enlargedColumns: [Int]
    /// Work on all processors at once (ParallelBands): for a picture someone waits for.
    public var parallel = false
    /// Exactly half as wide and half as tall (a video frame converted to 2x2 samples a half
    /// block): each output pixel is its 2x2 source pixels, summed straight from the rows
    /// (`halve`), without the taps. Off only in tests, which hold it to the taps' result.
    var halvesExactly: Bool
    /// Output rows summed at once: a source row that feeds two strips is read for each.
    private static let stripRows = 16

    public init(sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.targetWidth = targetWidth
        self.targetHeight = targetHeight
        enlarges = targetWidth >= sourceWidth && targetHeight >= sourceHeight
        (columnStart, columnTaps) = Self.taps(source: sourceWidth, target: targetWidth, bySource: false)
        (rowStart, rowTaps) = Self.taps(source: sourceHeight, target: targetHeight, bySource: true)
        columnSpans = Self.spans(start: columnStart, taps: columnTaps, bySource: false, targets: targetWidth)
        rowSpans = Self.spans(start: rowStart, taps: rowTaps, bySource: true, targets: targetHeight)
        enlargedColumns = enlarges ? (0..<targetWidth).map { $0 * sourceWidth / targetWidth } : []
        halvesExactly = sourceWidth == 2 * targetWidth && sourceHeight == 2 * targetHeight
    }

    /// Box-filter weights between a source axis and a target axis. Grouped by target index
    /// (`bySource` false: which sources feed each target) or by source index (true).
    private static func taps(source: Int, target: Int, bySource: Bool) -> ([Int], [Tap]) {
        let step = Double(source) / Double(target)  // source pixels per target pixel
        var pairs: [(source: Int, target: Int, weight: Float)] = []
        for t in 0..<target {
            let start = Double(t) * step
            let end = start + step
            var s = Int(start)
            while Double(s) < end && s < source {
                let covered = min(end, Double(s + 1)) - max(start, Double(s))
                if covered > 1e-9 { pairs.append((s, t, Float(covered / step))) }
                s += 1
            }
        }
        let groups = bySource ? source : target
        if bySource { pairs.sort { $0.source < $1.source } }
        var start = [Int](repeating: 0, count: groups + 1)
        var taps: [Tap] = []
        taps.reserveCapacity(pairs.count)
        var group = 0
        for pair in pairs {
            let key = bySource ? pair.source : pair.target
            while group < key { group += 1; start[group] = taps.count }
            taps.append(Tap(index: Int32(bySource ? pair.target : pair.source), weight: pair.weight))
        }
        while group < groups { group += 1; start[group] = taps.count }
        return (start, taps)
    }

    public func scale(_ image: RGBAImage) -> RGBAImage {
        precondition(image.width == sourceWidth && image.height == sourceHeight, "image size changed")
        return enlarges ? enlarge(image) : reduce(image)
    }

    private func enlarge(_ image: RGBAImage) -> RGBAImage {
        var out = RGBAImage(width: targetWidth, height: targetHeight)
        enlarge(image, into: &out, columns: 0..<targetWidth, rows: 0..<targetHeight)
        return out
    }

    /// Output pixels `columns` × `rows` of `image` enlarged into `out`: each repeats its source
    /// pixel; an output row that repeats the source row of the one above is a copy of it.
    private func enlarge(_ image: RGBAImage, into out: inout RGBAImage, columns: Range<Int>, rows: Range<Int>) {
        image.pixels.withUnsafeBufferPointer { source in
            out.pixels.withUnsafeMutableBufferPointer { destination in
                enlargedColumns.withUnsafeBufferPointer { sourceColumn in
                    var lastSourceRow = -1
                    for y in rows {
                        let sourceRow = y * sourceHeight / targetHeight
                        let to = destination.baseAddress! + y * targetWidth + columns.lowerBound
                        if sourceRow == lastSourceRow {
                            to.update(from: to - targetWidth, count: columns.count)
                            continue
                        }
                        lastSourceRow = sourceRow
                        let from = source.baseAddress! + sourceRow * sourceWidth
                        for x in columns { to[x - columns.lowerBound] = from[sourceColumn[x]] }
                    }
                }
            }
        }
    }

    /// Enlarging, the output indices that read source indices `sources` (output i reads source
    /// i·count/targets, so the first reading source s is ⌈s·targets/count⌉).
    private static func enlarged(reading sources: Range<Int>, count: Int, targets: Int) -> Range<Int> {
        func first(_ source: Int) -> Int { (source * targets + count - 1) / count }
        return first(sources.lowerBound)..<first(sources.upperBound)
    }

    /// One output column of one source row: the weighted sum of its taps, premultiplied linear
    /// (r, g, b, alpha weight), in two interleaved sets of sums so that one does not wait on its
    /// own additions.
    @inline(__always)
    private static func columnSum(
        row: UnsafePointer<UInt8>, taps: UnsafePointer<Tap>, count: Int, toLinear: UnsafePointer<Float>
    ) -> SIMD4<Float> {
        var (r0, g0, b0, a0): (Float, Float, Float, Float) = (0, 0, 0, 0)
        var (r1, g1, b1, a1): (Float, Float, Float, Float) = (0, 0, 0, 0)
        var t = 0
        while t + 1 < count {
            let first = taps[t], second = taps[t + 1]
            let p = row + Int(first.index) * 4
            let q = row + Int(second.index) * 4
            let wp = Float(p[3]) * first.weight
            let wq = Float(q[3]) * second.weight
            r0 += toLinear[Int(p[0])] * wp; g0 += toLinear[Int(p[1])] * wp; b0 += toLinear[Int(p[2])] * wp; a0 += wp
            r1 += toLinear[Int(q[0])] * wq; g1 += toLinear[Int(q[1])] * wq; b1 += toLinear[Int(q[2])] * wq; a1 += wq
            t += 2
        }
        if t < count {
            let tap = taps[t]
            let p = row + Int(tap.index) * 4
            let wp = Float(p[3]) * tap.weight
            r0 += toLinear[Int(p[0])] * wp; g0 += toLinear[Int(p[1])] * wp; b0 += toLinear[Int(p[2])] * wp; a0 += wp
        }
        return SIMD4(r0 + r1, g0 + g1, b0 + b1, a0 + a1)
    }

    private func reduce(_ image: RGBAImage) -> RGBAImage {
        var out = RGBAImage(width: targetWidth, height: targetHeight)
        scale(image, into: &out, columns: 0..<targetWidth, rows: 0..<targetHeight)
        return out
    }

    /// Output pixels `columns` × `rows` of `image` into `out`, in bands of rows at once
    /// (ParallelBands), each band a strip of rows at a time with sums of its own.
    private func scale(_ image: RGBAImage, into out: inout RGBAImage, columns: Range<Int>, rows: Range<Int>) {
        if halvesExactly {
            halve(image, into: &out, columns: columns, rows: rows)
            return
        }
        let sourceWork =
            (rowSpans[rows.upperBound - 1].upperBound - rowSpans[rows.lowerBound].lowerBound + 1)
            * (columnSpans[columns.upperBound - 1].upperBound - columnSpans[columns.lowerBound].lowerBound + 1)
        out.pixels.withUnsafeMutableBufferPointer { pixels in
            let pixels = SharedPointer(base: pixels.baseAddress!)
            ParallelBands.run(
                rows: rows.count, work: sourceWork + columns.count * rows.count * 4, parallel: parallel
            ) { band in
                let bandRows = rows.lowerBound + band.lowerBound..<rows.lowerBound + band.upperBound
                var rowSums = [Float](repeating: 0, count: targetWidth * 4)
                var sums = [Float](repeating: 0, count: min(Self.stripRows, bandRows.count) * columns.count * 4)
                rowSums.withUnsafeMutableBufferPointer { rowSums in
                    sums.withUnsafeMutableBufferPointer { sums in
                        for first in stride(from: bandRows.lowerBound, to: bandRows.upperBound, by: Self.stripRows) {
                            let strip = first..<min(first + Self.stripRows, bandRows.upperBound)
                            accumulate(
                                image, columns: columns, rows: strip, sums: sums.baseAddress!,
                                rowSums: rowSums.baseAddress!)
                            store(sums: sums.baseAddress!, into: pixels.base, columns: columns, rows: strip)
                        }
                    }
                }
            }
        }
    }

    /// Output pixels `columns` × `rows` of `image` halved into `out`: the same sums as the taps
    /// make (weights of exactly 1/2, in the same order: the two pixels of a source row, then the
    /// upper row and the lower), so the same bytes, at half the cost (no taps to look up, no sums
    /// kept between the passes; measured on video at 320x180 to 160x90).
    private func halve(_ image: RGBAImage, into out: inout RGBAImage, columns: Range<Int>, rows: Range<Int>) {
        let sourceWidth = self.sourceWidth, targetWidth = self.targetWidth
        image.withUnsafeBytes { bytes in
            let source = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            out.pixels.withUnsafeMutableBufferPointer { pixels in
                let destination = SharedPointer(base: pixels.baseAddress!)
                let source = SharedPointer(base: UnsafeMutablePointer(mutating: source))
                // The work as `scale` counts it: four source pixels and four sums an output pixel.
                ParallelBands.run(rows: rows.count, work: columns.count * rows.count * 8, parallel: parallel) { band in
                    LinearLight.fromSRGB.withUnsafeBufferPointer { toLinear in
                        LinearLight.toSRGBTable.withUnsafeBufferPointer { table in
                            for y in (rows.lowerBound + band.lowerBound)..<(rows.lowerBound + band.upperBound) {
                                let upper = source.base + 2 * y * sourceWidth * 4
                                let lower = upper + sourceWidth * 4
                                let to = destination.base + y * targetWidth
                                for x in columns {
                                    let top = Self.pairSum(upper + 8 * x, toLinear: toLinear)
                                    let bottom = Self.pairSum(lower + 8 * x, toLinear: toLinear)
                                    // As the taps' sums: 0 + top · ½, then + bottom · ½.
                                    let sum = (SIMD4<Float>(repeating: 0) + top * 0.5) + bottom * 0.5
                                    to[x] = LinearLight.pixel(premultiplied: sum, table: table)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Two neighbouring pixels of a row as `columnSum` sums them with weights of ½: premultiplied
    /// linear (r, g, b, alpha weight).
    @inline(__always)
    private static func pairSum(_ pixel: UnsafePointer<UInt8>, toLinear: UnsafeBufferPointer<Float>) -> SIMD4<Float> {
        let wp = Float(pixel[3]) * 0.5
        let wq = Float(pixel[7]) * 0.5
        let p = SIMD4(toLinear[Int(pixel[0])], toLinear[Int(pixel[1])], toLinear[Int(pixel[2])], 1) * wp
        let q = SIMD4(toLinear[Int(pixel[4])], toLinear[Int(pixel[5])], toLinear[Int(pixel[6])], 1) * wq
        return p + q
    }

    /// `image` scaled, given `previous`, this scaler's output for an earlier canvas that differs
    /// from `image` only inside `changed`: only the output pixels that read a changed source pixel
    /// are computed again (with the same sums in the same order, so the result equals `scale`).
    /// A one-pixel frame on an 8000x8000 canvas costs a few output pixels, not 64 megapixels.
    public func scale(_ image: RGBAImage, changedIn changed: PixelRect, previous: consuming RGBAImage)
        -> RGBAImage
    {
        precondition(image.width == sourceWidth && image.height == sourceHeight, "image size changed")
        guard previous.width == targetWidth, previous.height == targetHeight else { return scale(image) }
        if enlarges {
            let columns = Self.enlarged(reading: changed.x..<changed.maxX, count: sourceWidth, targets: targetWidth)
            let rows = Self.enlarged(reading: changed.y..<changed.maxY, count: sourceHeight, targets: targetHeight)
            guard !columns.isEmpty, !rows.isEmpty else { return previous }
            var out = previous
            enlarge(image, into: &out, columns: columns, rows: rows)
            return out
        }
        let columns = Self.outputs(reading: changed.x..<changed.maxX, spans: columnSpans)
        let rows = Self.outputs(reading: changed.y..<changed.maxY, spans: rowSpans)
        guard !columns.isEmpty, !rows.isEmpty else { return previous }
        var out = previous
        scale(image, into: &out, columns: columns, rows: rows)
        return out
    }

    /// The output indices whose source span meets `sources` (spans grow with the index).
    private static func outputs(reading sources: Range<Int>, spans: [ClosedRange<Int>]) -> Range<Int> {
        guard !sources.isEmpty else { return 0..<0 }
        guard let first = spans.firstIndex(where: { $0.upperBound >= sources.lowerBound }) else { return 0..<0 }
        var end = first
        while end < spans.count && spans[end].lowerBound < sources.upperBound { end += 1 }
        return first..<end
    }

    /// The first and last source index each output index reads.
    private static func spans(start: [Int], taps: [Tap], bySource: Bool, targets: Int) -> [ClosedRange<Int>] {
        var first = [Int](repeating: Int.max, count: targets)
        var last = [Int](repeating: -1, count: targets)
        for group in 0..<(start.count - 1) {
            for tap in taps[start[group]..<start[group + 1]] {
                let (source, target) = bySource ? (group, Int(tap.index)) : (Int(tap.index), group)
                first[target] = min(first[target], source)
                last[target] = max(last[target], source)
            }
        }
        return (0..<targets).map { first[$0] <= last[$0] ? first[$0]...last[$0] : Int.max...Int.max }
    }

    /// Sums the premultiplied linear light of output pixels `columns` × `rows` into `sums`
    /// (row by row from `rows`' first, `columns.count` a row; `rowSums`: room for one output row).
    private func accumulate(
        _ image: RGBAImage, columns: Range<Int>, rows: Range<Int>, sums: UnsafeMutablePointer<Float>,
        rowSums: UnsafeMutablePointer<Float>
    ) {
        let span = columns.count * 4
        let sourceWidth = self.sourceWidth
        let sourceRows = rowSpans[rows.lowerBound].lowerBound...rowSpans[rows.upperBound - 1].upperBound
        sums.update(repeating: 0, count: rows.count * span)
        image.withUnsafeBytes { bytes in
            let source = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            columnTaps.withUnsafeBufferPointer { columnTaps in
                columnStart.withUnsafeBufferPointer { columnStart in
                    rowTaps.withUnsafeBufferPointer { rowTaps in
                        rowStart.withUnsafeBufferPointer { rowStart in
                            LinearLight.fromSRGB.withUnsafeBufferPointer { toLinear in
                                for y in sourceRows where rowStart[y] < rowStart[y + 1] {
                                    // Horizontal pass over one source row, premultiplied linear.
                                    let row = source + y * sourceWidth * 4
                                    for x in columns {
                                        let sum = Self.columnSum(
                                            row: row, taps: columnTaps.baseAddress! + columnStart[x],
                                            count: columnStart[x + 1] - columnStart[x],
                                            toLinear: toLinear.baseAddress!)
                                        UnsafeMutableRawPointer(rowSums + x * 4).storeBytes(
                                            of: sum, as: SIMD4<Float>.self)
                                    }
                                    // Vertical pass: add the row into the output rows it covers.
                                    let summed = rowSums + columns.lowerBound * 4
                                    for t in rowStart[y]..<rowStart[y + 1] {
                                        let tap = rowTaps[t]
                                        guard rows.contains(Int(tap.index)) else { continue }
                                        let target = sums + (Int(tap.index) - rows.lowerBound) * span
                                        for i in 0..<span {
                                            target[i] += summed[i] * tap.weight
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Turns the sums of output pixels `columns` × `rows` (`accumulate`'s layout) back into sRGB
    /// with straight alpha.
    private func store(
        sums: UnsafeMutablePointer<Float>, into destination: UnsafeMutablePointer<RGBA>, columns: Range<Int>,
        rows: Range<Int>
    ) {
        let width = targetWidth
        LinearLight.toSRGBTable.withUnsafeBufferPointer { table in
            var at = sums
            for row in rows {
                for i in (row * width + columns.lowerBound)..<(row * width + columns.upperBound) {
                    let sum = SIMD4(at[0], at[1], at[2], at[3])  // α 0…255
                    destination[i] = LinearLight.pixel(premultiplied: sum, table: table)
                    at += 4
                }
            }
        }
    }
}
