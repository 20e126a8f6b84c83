/// A cell grid as the frame cache keeps it: each cell in 8 bytes where a `Cell` takes 16 (its
/// glyph's scalar and tag, two colours and their tags, padded), so twice the frames fit in the
/// cache's budget. A loop that fits whole plays again without decoding or building cells:
/// med.gif (120 frames at 160x47) is 14.4 MB of cells, over the 10 MB default, and 7.2 MB packed.
///
/// A cell is its foreground's 26 bits, its background's 26 and 12 bits that number its glyph in
/// the grid's own list of glyphs (a grid has a few hundred at most: the symbol sets' shapes). A
/// grid of more than 4096 different glyphs is kept as it is.
public struct PackedCellGrid: Sendable {
    public let rows: Int
    public let columns: Int
    public let originRow: Int
    public let originColumn: Int
    private let storage: Storage

    private enum Storage {
        case packed(cells: [UInt64], glyphs: [Glyph])
        case plain(CellGrid)
    }

    private static let glyphLimit = 1 << 12

    public init(_ grid: CellGrid) {
        rows = grid.rows
        columns = grid.columns
        originRow = grid.originRow
        originColumn = grid.originColumn
        var glyphs: [Glyph] = []
        var numbers: [Glyph: UInt64] = [:]
        var packed = [UInt64]()
        packed.reserveCapacity(grid.cells.count)
        // Runs of one glyph are common (flat areas): the last one's number is kept at hand.
        var last: (glyph: Glyph, number: UInt64)?
        for cell in grid.cells {
            let number: UInt64
            if let last, last.glyph == cell.glyph {
                number = last.number
            } else if let known = numbers[cell.glyph] {
                number = known
            } else {
                guard glyphs.count < Self.glyphLimit else {
                    storage = .plain(grid)
                    return
                }
                number = UInt64(glyphs.count)
                numbers[cell.glyph] = number
                glyphs.append(cell.glyph)
            }
            last = (cell.glyph, number)
            packed.append(Self.bits(cell.foreground) | Self.bits(cell.background) << 26 | number << 52)
        }
        storage = .packed(cells: packed, glyphs: glyphs)
    }

    /// The grid as it was.
    public var grid: CellGrid {
        switch storage {
        case .plain(let grid):
            return grid
        case .packed(let packed, let glyphs):
            var grid = CellGrid(rows: rows, columns: columns, originRow: originRow, originColumn: originColumn)
            grid.cells.withUnsafeMutableBufferPointer { cells in
                for (index, bits) in packed.enumerated() {
                    cells[index] = Cell(
                        glyph: glyphs[Int(bits >> 52)], foreground: Self.color(bits & 0x3FF_FFFF),
                        background: Self.color(bits >> 26 & 0x3FF_FFFF))
                }
            }
            return grid
        }
    }

    /// The memory it takes (what the frame cache charges for it).
    public var memoryCost: Int {
        switch storage {
        case .plain(let grid): return grid.memoryCost
        case .packed(let cells, let glyphs):
            return cells.count * 8 + glyphs.count * MemoryLayout<Glyph>.stride + 96
        }
    }

    /// A colour in 26 bits: what it is (2 bits) over its value (24).
    private static func bits(_ color: TermColor) -> UInt64 {
        switch color {
        case .default: return 0
        case .rgb(let r, let g, let b): return 1 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        case .indexed(let index): return 2 << 24 | UInt64(index)
        }
    }

    private static func color(_ bits: UInt64) -> TermColor {
        switch bits >> 24 {
        case 1: return .rgb(UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF))
        case 2: return .indexed(UInt8(bits & 0xFF))
        default: return .default
        }
    }
}
