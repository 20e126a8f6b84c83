import Decode
import Graphics
import Picture
import Terminal
import Testing

/// kitty's Unicode placeholders inside tmux: chosen only where tmux says its outer terminal draws
/// them (kitty 0.28 and later, ghostty) and the client takes UTF-8; each image a virtual
/// placement sent through tmux, shown by cells written once per place as text, each row's first
/// cell with its row, column and the id's highest byte, the id's low 24 bits in its colour.
@Suite struct KittyPlaceholderTests {
    private func decide(_ tmux: TmuxClient) -> TerminalProfile {
        var answers = TerminalAnswers()
        answers.answered = true
        answers.terminalName = "tmux 3.3a"
        return TerminalProfile.decide(
            answers: answers, asked: true, isTerminal: true,
            environment: ["TERM": "tmux-256color", "TMUX": "/tmp/x"],
            colors: ColorChoice(mode: .truecolor, reason: "test"), requested: nil, pixelsAllowed: true, window: nil,
            tmux: tmux)
    }

    private let pane = TmuxPassthrough(top: 1, left: 40)

    @Test func placeholdersWhereTheOuterTerminalDrawsThem() {
        let kitty = decide(
            TmuxClient(terminalName: "xterm-kitty", pane: pane, allowsPassthrough: true, terminalType: "kitty(0.35.2)"))
        #expect(kitty.graphics == .kitty && kitty.placeholders && kitty.passthrough == pane)
        #expect(kitty.graphicsReason.contains("kitty 0.35.2") && kitty.graphicsReason.contains("placeholders"))
        #expect(kitty.inlineGraphics == .kitty && kitty.keepsAnimationFrames)
        let ghostty = decide(
            TmuxClient(
                terminalName: "xterm-ghostty", pane: pane, allowsPassthrough: true, terminalType: "ghostty 1.1.3"))
        #expect(ghostty.placeholders && !ghostty.keepsAnimationFrames)
        // kitty 0.26.5 (Debian 12's) predates them: placed through tmux by position, as before.
        let old = decide(
            TmuxClient(terminalName: "xterm-kitty", pane: pane, allowsPassthrough: true, terminalType: "kitty(0.26.5)"))
        #expect(old.graphics == .kitty && !old.placeholders && old.inlineGraphics == nil)
        // No UTF-8 client (tmux would write `_`), no passthrough, or a terminal without them.
        let ascii = decide(
            TmuxClient(
                terminalName: "xterm-kitty", pane: pane, allowsPassthrough: true, terminalType: "kitty(0.35.2)",
                utf8: false))
        #expect(!ascii.placeholders)
        let closed = decide(
            TmuxClient(terminalName: "xterm-kitty", pane: pane, allowsPassthrough: false, terminalType: "kitty(0.35.2)")
        )
        #expect(closed.graphics == nil && !closed.placeholders)
        let xterm = decide(
            TmuxClient(terminalName: "xterm-256color", pane: pane, allowsPassthrough: true, terminalType: "XTerm(379)"))
        #expect(xterm.graphics == nil && !xterm.placeholders)
    }

    /// The id 0x7476_0101 as its cells carry it: 0x760101 in the colour, 0x74 in the third mark.
    @Test func cellsAreWrittenOncePerPlaceAndFramesGoWholeUnderOneID() throws {
        let output = KittyOutput(
            passthrough: pane, ids: 0x7476_0101...0x7476_01FF, origin: .screen, placeholders: true)
        let pictures = PixelOutputTests.pictures(
            PixelOutputTests.frames(width: 96, height: 64, count: 3), terminalScales: true, columns: 12, rows: 4)
        let layout = pictures[0].layout
        var first: [UInt8] = []
        output.draw(pictures[0], into: &first)
        var second: [UInt8] = []
        output.draw(pictures[1], into: &second)

        let text = String(decoding: first, as: UTF8.self)
        // The image through tmux, as a virtual placement over the layout's cells.
        #expect(text.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,i=1953890561,U=1,c=\(layout.columns),r=\(layout.rows)"))
        // A row of cells for each of the layout's rows, at its place, in the id's colour.
        let marks = KittyPlaceholder.marks
        for row in 0..<layout.rows {
            let start =
                "\u{1B}[\(layout.originRow + row + 1);\(layout.originColumn + 1)H\u{1B}[38;2;118;1;1m\u{10EEEE}"
                + String(UnicodeScalar(marks[row])!) + String(UnicodeScalar(marks[0])!)
                + String(UnicodeScalar(marks[0x74])!)
                + String(repeating: "\u{10EEEE}", count: layout.columns - 1) + "\u{1B}[0m"
            #expect(text.contains(start), "row \(row)")
        }
        #expect(text.unicodeScalars.filter { $0 == "\u{10EEEE}" }.count == layout.rows * layout.columns)
        // The next frame: the same id, sent whole; no cells, no animation frames.
        let next = String(decoding: second, as: UTF8.self)
        #expect(next.contains("_Ga=T,i=1953890561,U=1"))
        #expect(!next.contains("\u{10EEEE}") && !next.contains("a=f") && !next.contains("a=d"))
        // Nothing left on the normal screen through tmux.
        #expect(output.still(pictures[2]).isEmpty)
    }

    @Test func theMarksAreKittysList() {
        let marks = KittyPlaceholder.marks
        #expect(marks.count == 297 && KittyPlaceholder.largest == 297)
        #expect(marks.prefix(5) == [0x0305, 0x030D, 0x030E, 0x0310, 0x0312])
        #expect(marks.last == 0x1D244)
        #expect(Set(marks).count == marks.count && marks == marks.sorted())
    }
}
