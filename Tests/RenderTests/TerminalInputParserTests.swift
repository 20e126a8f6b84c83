import Terminal
import Testing

/// Keys and the terminal's answers, told apart byte by byte.
@Suite struct TerminalInputParserTests {
    @Test func keysAndAnswersAreToldApart() {
        var parser = TerminalInputParser()
        let tokens = parser.feed(Array("q \u{1B}[0n.\u{1B}[C\u{1B}OD\u{1B}[1;2D\u{03}".utf8))
        #expect(
            tokens == [
                .key(.character("q")), .key(.character(" ")), .statusReport, .key(.character(".")), .key(.right),
                .key(.left),
                .key(.left), .key(.control(3)),
            ])
        #expect(!parser.isWaiting)
    }

    @Test func anAnswerSplitAcrossReadsIsStillAnAnswer() {
        var parser = TerminalInputParser()
        #expect(parser.feed([0x1B]).isEmpty)
        #expect(parser.isWaiting && parser.waitingDelay == TerminalInputParser.escapeDelay)
        #expect(parser.feed(Array("[".utf8)).isEmpty)
        #expect(parser.waitingDelay == TerminalInputParser.sequenceDelay)
        #expect(parser.feed(Array("0".utf8)).isEmpty)
        #expect(parser.feed(Array("nq".utf8)) == [.statusReport, .key(.character("q"))])
    }

    @Test func aLoneEscapeIsTheKeyOnlyAfterTheWait() {
        var parser = TerminalInputParser()
        #expect(parser.feed([0x1B]).isEmpty)
        #expect(parser.flush() == [.key(.control(27))])
        // Esc Esc: the first is the key, the second waits.
        #expect(parser.feed([0x1B, 0x1B]) == [.key(.control(27))])
        #expect(parser.flush() == [.key(.control(27))])
        // A sequence cut short is dropped, not turned into keys.
        #expect(parser.feed(Array("\u{1B}[12;".utf8)).isEmpty)
        #expect(parser.flush().isEmpty)
    }

    @Test func otherSequencesAreIgnoredNotKeys() {
        var parser = TerminalInputParser()
        // A cursor position report, device attributes (read, but no key), F5, Alt-q, a
        // bracketed paste start.
        let tokens = parser.feed(Array("\u{1B}[1;1R\u{1B}[?62;22c\u{1B}[15~\u{1B}q\u{1B}[200~".utf8))
        #expect(tokens == [.ignored, .deviceAttributes([62, 22]), .ignored, .ignored, .ignored])
        // Bytes beyond ASCII are no keys of tview's.
        #expect(parser.feed(Array("é".utf8)).isEmpty)
    }

    /// kitty 0.26.5's answers to `TerminalLink.graphicsQueries`, as recorded in kitty.
    @Test func graphicsAnswersAreRead() {
        var parser = TerminalInputParser()
        let answers =
            "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32,r=2;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\"
            + "\u{1B}[6;20;9t\u{1B}[4;500;792t\u{1B}[?62;cq"
        #expect(
            parser.feed(Array(answers.utf8)) == [
                .kittyGraphics(id: 31, ok: true), .kittyGraphics(id: 32, ok: true), .terminalName("kitty(0.26.5)"),
                .cellPixels(width: 9, height: 20), .areaPixels(width: 792, height: 500),
                .deviceAttributes([62, 0]), .key(.character("q")),
            ])
        // xterm -ti vt340: sixel (4) among the attributes; an error from a terminal without kitty's
        // animation frames; a string ended by BEL.
        #expect(
            parser.feed(Array("\u{1B}[?63;1;2;4;6;9;15;22c\u{1B}_Gi=7;EINVAL:no\u{1B}\\\u{1B}P>|XTerm(379)\u{07}".utf8))
                == [
                    .deviceAttributes([63, 1, 2, 4, 6, 9, 15, 22]), .kittyGraphics(id: 7, ok: false),
                    .terminalName("XTerm(379)"),
                ])
        // A name cannot smuggle control bytes through.
        #expect(parser.feed(Array("\u{1B}P>|a\u{1B}]0;x\u{07}".utf8)) == [.terminalName("a]0;x")])
    }
}
