/// One of the smooth-mosaic wedges of Symbols for Legacy Computing (U+1FB3C–U+1FB51): the cell
/// cut by a slanted line between points of the sextant grid (a corner, the middle of the top or
/// bottom edge, or a third of the way down a side), filled on the side of a lower corner. They
/// follow a diagonal edge where blocks can only step; kitty, foot, VTE and Ghostty draw them
/// themselves (no Debian font has them). The upper wedges (U+1FB52–U+1FB67) are these with the colours swapped, so they are
/// not needed.
///
/// As a cell's 8x8 samples see it: in each sample row the filled samples run from one edge, so
/// a wedge's group is one run of each row (`MosaicCellBuilder` sums rows as it goes).
struct MosaicWedge: Sendable {
    let scalar: Unicode.Scalar
    /// The filled samples run from the right edge, else from the left.
    let fromRight: Bool
    /// Filled samples in each of the 8 sample rows, top first: the filled part's length across
    /// the row at its middle, in eighths, rounded.
    let runs: [Int]

    /// U+1FB3C–U+1FB51 in order.
    static let all: [MosaicWedge] = [
        ("00000023", false), ("00000147", false), ("00011234", false), ("00013467", false),
        ("01122334", false), ("56888888", true), ("25888888", true), ("45677888", true),
        ("12457888", true), ("45566778", true), ("00036888", true), ("00000023", true),
        ("00000147", true), ("00011234", true), ("00013467", true), ("01122334", true),
        ("56888888", false), ("25888888", false), ("45677888", false), ("12457888", false),
        ("45566778", false), ("00036888", false),
    ].enumerated().map { index, wedge in
        MosaicWedge(
            scalar: Unicode.Scalar(0x1FB3C + UInt32(index))!, fromRight: wedge.1,
            runs: wedge.0.map { Int(String($0))! })
    }

    /// How a cell's row prefixes (`prefixes[y * 8 + k]`: the sum of row y's first k + 1
    /// samples; index 64 a zero) make the wedge's group: each term is `plus` less `minus`, a
    /// row's run. Rows with no run are left out, and where the unfilled part has fewer rows with
    /// a run than the filled part, the terms are the unfilled part's (`complement`: the group is
    /// the cell less their sum): 96 terms for the 22 wedges where every row would be 176.
    var sums: (terms: [(plus: Int, minus: Int)], complement: Bool) {
        func terms(runs: [Int], fromRight: Bool) -> [(plus: Int, minus: Int)] {
            runs.enumerated().compactMap { y, run in
                if run == 0 { return nil }
                if !fromRight { return (y * 8 + run - 1, 64) }
                return (y * 8 + 7, run == 8 ? 64 : y * 8 + 7 - run)
            }
        }
        let filled = terms(runs: runs, fromRight: fromRight)
        let unfilled = terms(runs: runs.map { 8 - $0 }, fromRight: !fromRight)
        return unfilled.count < filled.count ? (unfilled, true) : (filled, false)
    }
}
