import Graphics
import Picture
import Terminal
import TestSupport
import Testing

@Suite struct ANSIWriterTests {
    private func randomGrid(_ random: inout SplitMix64, rows: Int, columns: Int, palette: [TermColor]) -> CellGrid {
        var grid = CellGrid(rows: rows, columns: columns, originRow: 1, originColumn: 2)
        for index in grid.cells.indices {
            let top = palette[Int(random.next() % UInt64(palette.count))]
            let bottom = palette[Int(random.next() % UInt64(palette.count))]
            grid.cells[index] = .halves(top: top, bottom: bottom)
        }
        return grid
    }

    private func mutate(_ grid: CellGrid, _ random: inout SplitMix64, palette: [TermColor], changes: Int) -> CellGrid {
        var copy = grid
        for _ in 0..<changes {
            let index = Int(random.next() % UInt64(copy.cells.count))
            copy.cells[index] = .halves(
                top: palette[Int(random.next() % UInt64(palette.count))],
                bottom: palette[Int(random.next() % UInt64(palette.count))])
        }
        return copy
    }

    /// Full draw of A, then the diff A→B, shows the same screen as a full draw of B, for many
    /// random pairs, in every colour mode's kind of colour.
    @Test(arguments: [ColorMode.truecolor, .palette256, .palette16])
    func diffAfterFullEqualsFullRedraw(mode: ColorMode) {
        var random = SplitMix64(seed: 2026)
        let palette: [TermColor] =
            mode == .truecolor
            ? [.default, .rgb(255, 0, 0), .rgb(0, 0, 0), .rgb(8, 9, 10), .rgb(255, 255, 255), .rgb(0, 128, 255)]
            : [
                .default, .indexed(1), .indexed(9), .indexed(15), .indexed(0),
                mode == .palette16 ? .indexed(12) : .indexed(200),
            ]
        let writer = ANSIWriter(mode: mode)
        for round in 0..<200 {
            let rows = 1 + Int(random.next() % 8)
            let columns = 1 + Int(random.next() % 30)
            let a = randomGrid(&random, rows: rows, columns: columns, palette: palette)
            let b = mutate(a, &random, palette: palette, changes: Int(random.next() % UInt64(rows * columns + 1)))
            var incremental = VirtualScreen(rows: rows + 2, columns: columns + 3)
            incremental.feed(writer.update(from: nil, to: a))
            incremental.feed(writer.update(from: a, to: b))
            var direct = VirtualScreen(rows: rows + 2, columns: columns + 3)
            direct.feed(writer.update(from: nil, to: b))
            let expected = ScreenExpectation.screen(for: b, rows: rows + 2, columns: columns + 3)
            #expect(
                firstDifference(ScreenExpectation.visible(incremental), expected, columns: columns + 3) == nil,
                "round \(round)")
            #expect(
                firstDifference(ScreenExpectation.visible(direct), expected, columns: columns + 3) == nil,
                "round \(round)")
            #expect(incremental.unknown.isEmpty && direct.unknown.isEmpty)
        }
    }

    /// The costliest frame there is: every cell changed, in two colours the cell before it does not
    /// have (both spelt out, three digits a channel), each an octant (four bytes), a cursor move to
    /// every row, far from the top left. It is written in place into memory sized beforehand: it
    /// must fit (running past it traps), inline too (relative moves), and the screen must show it.
    @Test(arguments: [false, true])
    func theCostliestFrameFitsWhereItIsWritten(inPlace: Bool) {
        func grid(originRow: Int, originColumn: Int, changed: Bool) -> CellGrid {
            var grid = CellGrid(rows: 6, columns: 20, originRow: originRow, originColumn: originColumn)
            for index in grid.cells.indices {
                // 100…155 and 255 less that: three digits each, and each cell's apart from the last.
                let shade = UInt8(100 + index % 56)
                grid.cells[index] =
                    changed
                    ? Cell(
                        glyph: .mosaic("\u{1CD00}"), foreground: .rgb(shade, 255 - shade, 199),
                        background: .rgb(255 - shade, shade, 111))
                    : .halves(top: .rgb(101, 102, 103), bottom: .rgb(104, 105, 106))
            }
            return grid
        }
        let writer = ANSIWriter(mode: .truecolor)
        for origin in [1, 99_990] {
            let before = grid(originRow: origin, originColumn: origin, changed: false)
            let after = grid(originRow: origin, originColumn: origin, changed: true)
            var displayed: CellGrid? = before
            var bytes: [UInt8] = []
            writer.update(displayed: &displayed, to: after, tolerance: 0, inPlace: inPlace, into: &bytes)
            // 120 cells of two colours (16 bytes each) and four bytes.
            #expect(bytes.count > 120 * (2 + 2 * 16 + 2 + 4))
            guard origin == 1, !inPlace else { continue }
            var screen = VirtualScreen(rows: 8, columns: 22)
            screen.feed(writer.update(from: nil, to: before))
            screen.feed(bytes)
            let expected = ScreenExpectation.screen(for: after, rows: 8, columns: 22)
            #expect(firstDifference(ScreenExpectation.visible(screen), expected, columns: 22) == nil)
        }
    }

    @Test func identicalFrameWritesNoCells() {
        var random = SplitMix64(seed: 7)
        let grid = randomGrid(&random, rows: 10, columns: 40, palette: [.rgb(1, 2, 3), .rgb(200, 100, 0), .default])
        let bytes = ANSIWriter(mode: .truecolor).update(from: grid, to: grid)
        #expect(bytes == Array("\u{1B}[0m".utf8))
    }

    @Test func oneChangedCellCostsOneCellOfOutput() {
        let grid = CellGrid(rows: 10, columns: 40, fill: .halves(top: .rgb(10, 20, 30), bottom: .rgb(40, 50, 60)))
        var changed = grid
        changed[5, 17] = .halves(top: .rgb(255, 0, 0), bottom: .rgb(40, 50, 60))
        let full = ANSIWriter(mode: .truecolor).update(from: nil, to: changed)
        let diff = ANSIWriter(mode: .truecolor).update(from: grid, to: changed)
        #expect(diff.count < 60)
        #expect(full.count > 20 * diff.count)
    }

    @Test func linesShowThePictureWithoutCursorMoves() {
        var grid = CellGrid(rows: 2, columns: 3)
        grid[0, 0] = .halves(top: .rgb(255, 0, 0), bottom: .rgb(0, 0, 255))
        grid[1, 2] = .halves(top: .default, bottom: .rgb(0, 255, 0))
        let bytes = ANSIWriter(mode: .truecolor).lines(grid)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("H"))
        #expect(text.hasSuffix("\u{1B}[0m\n"))
        var screen = VirtualScreen(rows: 3, columns: 3)
        screen.feed(Array(String(decoding: bytes, as: UTF8.self).replacingNewlines.utf8))
        #expect(
            screen[0, 0]
                == VirtualScreen.Pixel(character: "▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
        #expect(screen[1, 2] == VirtualScreen.Pixel(character: "▄", foreground: .rgb(0, 255, 0), background: .default))
        #expect(screen[0, 1].background == .default)
    }

    @Test func sixteenColourModeUsesClassicCodes() {
        var grid = CellGrid(rows: 1, columns: 1)
        grid[0, 0] = .halves(top: .indexed(9), bottom: .indexed(4))
        let text = String(decoding: ANSIWriter(mode: .palette16).lines(grid), as: UTF8.self)
        #expect(text.contains("\u{1B}[91;44m"))
    }
}

extension String {
    /// A terminal's newline after `cat`: carriage return and line feed.
    fileprivate var replacingNewlines: String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    }

    /// A status line whose frame counter moves: only the characters that changed are sent, and the
    /// screen reads the new line; wide characters before the change mean the whole row again.
    @Test func aStatusLineChangeRewritesOnlyWhatChanged() {
        let writer = ANSIWriter(mode: .truecolor)
        var screen = VirtualScreen(rows: 3, columns: 50)
        func padded(_ text: String) -> ScreenText { ScreenText(text).fitted(to: 49) }
        func row() -> String { String((0..<49).map { screen[2, $0].character }) }
        var shown: ScreenText? = nil
        let lines = [
            "x.gif  frame 9/120  40 ms  ×1  25 fps", "x.gif  frame 10/120  40 ms  ×1  25 fps",
            "x.gif  frame 11/120  40 ms  ×1  25 fps", "x.gif  frame 12/120  40 ms  ×1  24 fps",
        ].map(padded)
        for (index, line) in lines.enumerated() {
            var bytes: [UInt8] = []
            writer.appendStatus(line, replacing: shown, row: 2, into: &bytes)
            screen.feed(bytes)
            #expect(row() == line.description)
            if index == 2 { #expect(bytes.count <= 24) }  // "1" → "2": one character and its moves
            shown = line
        }
        // Unchanged: nothing.
        var none: [UInt8] = []
        writer.appendStatus(lines[3], replacing: lines[3], row: 2, into: &none)
        #expect(none.isEmpty)
        // A wide name before the change: the whole row.
        var whole: [UInt8] = []
        writer.appendStatus(padded("動画.gif  frame 2/9"), replacing: padded("動画.gif  frame 1/9"), row: 2, into: &whole)
        #expect(String(decoding: whole, as: UTF8.self).contains("\u{1B}[K"))
    }
}
