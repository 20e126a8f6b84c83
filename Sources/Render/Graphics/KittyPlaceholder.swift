/// kitty's Unicode placeholders: cells of U+10EEEE that the terminal draws as the part of an
/// image's virtual placement (`U=1`) that their marks name — a combining diacritic for the row,
/// one for the column, one for the image id's highest byte — and their foreground colour the
/// id's low 24 bits. Written as ordinary text, they live in the text: tmux keeps, moves, scrolls
/// and clears them as any other, which is how pictures stay in their pane (kitty 0.28 and later,
/// ghostty). A row's first cell carries all three marks; the cells after it carry none, and the
/// terminal counts their columns on from the cell to their left (fewer bytes: about 4 a cell).
public enum KittyPlaceholder {
    /// U+10EEEE, in UTF-8.
    static let character: [UInt8] = [0xF4, 0x8E, 0xBB, 0xAE]

    /// The marks for 0, 1, 2, …: kitty's rowcolumn-diacritics list (the protocol's numbering),
    /// 297 of them; a placement is at most that many rows and columns.
    public static let marks: [UInt32] = [
        0x0305...0x0305, 0x030D...0x030E, 0x0310...0x0310, 0x0312...0x0312, 0x033D...0x033F, 0x0346...0x0346,
        0x034A...0x034C, 0x0350...0x0352, 0x0357...0x0357, 0x035B...0x035B, 0x0363...0x036F, 0x0483...0x0487,
        0x0592...0x0595, 0x0597...0x0599, 0x059C...0x05A1, 0x05A8...0x05A9, 0x05AB...0x05AC, 0x05AF...0x05AF,
        0x05C4...0x05C4, 0x0610...0x0617, 0x0657...0x065B, 0x065D...0x065E, 0x06D6...0x06DC, 0x06DF...0x06E2,
        0x06E4...0x06E4, 0x06E7...0x06E8, 0x06EB...0x06EC, 0x0730...0x0730, 0x0732...0x0733, 0x0735...0x0736,
        0x073A...0x073A, 0x073D...0x073D, 0x073F...0x0741, 0x0743...0x0743, 0x0745...0x0745, 0x0747...0x0747,
        0x0749...0x074A, 0x07EB...0x07F1, 0x07F3...0x07F3, 0x0816...0x0819, 0x081B...0x0823, 0x0825...0x0827,
        0x0829...0x082D, 0x0951...0x0951, 0x0953...0x0954, 0x0F82...0x0F83, 0x0F86...0x0F87, 0x135D...0x135F,
        0x17DD...0x17DD, 0x193A...0x193A, 0x1A17...0x1A17, 0x1A75...0x1A7C, 0x1B6B...0x1B6B, 0x1B6D...0x1B73,
        0x1CD0...0x1CD2, 0x1CDA...0x1CDB, 0x1CE0...0x1CE0, 0x1DC0...0x1DC1, 0x1DC3...0x1DC9, 0x1DCB...0x1DCC,
        0x1DD1...0x1DE6, 0x1DFE...0x1DFE, 0x20D0...0x20D1, 0x20D4...0x20D7, 0x20DB...0x20DC, 0x20E1...0x20E1,
        0x20E7...0x20E7, 0x20E9...0x20E9, 0x20F0...0x20F0, 0x2CEF...0x2CF1, 0x2DE0...0x2DFF, 0xA66F...0xA66F,
        0xA67C...0xA67D, 0xA6F0...0xA6F1, 0xA8E0...0xA8F1, 0xAAB0...0xAAB0, 0xAAB2...0xAAB3, 0xAAB7...0xAAB8,
        0xAABE...0xAABF, 0xAAC1...0xAAC1, 0xFE20...0xFE26, 0x10A0F...0x10A0F, 0x10A38...0x10A38, 0x1D185...0x1D189,
        0x1D1AA...0x1D1AD, 0x1D242...0x1D244,
    ].flatMap { Array($0) }

    /// The largest placement, in rows and in columns.
    public static var largest: Int { marks.count }

    /// Appends the cells that show image `id` over `rows` x `columns` cells from `row`, `column`
    /// of `origin` (the cursor is left after the last cell, the pen reset).
    public static func appendCells(
        image id: UInt32, rows: Int, columns: Int, row: Int, column: Int, origin: PictureOrigin,
        into out: inout [UInt8]
    ) {
        for line in 0..<min(rows, largest) where columns > 0 {
            origin.moveCursor(row: row + line, column: column, into: &out)
            appendRow(line, image: id, columns: columns, into: &out)
        }
    }

    /// Row `line` of image `id`'s placement: its first cell with every mark, the rest bare.
    private static func appendRow(_ line: Int, image id: UInt32, columns: Int, into out: inout [UInt8]) {
        out += ControlSequence.foreground(
            red: UInt8(id >> 16 & 0xFF), green: UInt8(id >> 8 & 0xFF), blue: UInt8(id & 0xFF))
        out += character
        appendMark(line, into: &out)
        appendMark(0, into: &out)
        if id >> 24 != 0 { appendMark(Int(id >> 24), into: &out) }
        for _ in 1..<min(columns, largest) { out += character }
        out += ControlSequence.resetAttributes
    }

    private static func appendMark(_ number: Int, into out: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(marks[min(number, marks.count - 1)]) else { return }
        out += Array(String(Character(scalar)).utf8)
    }
}
