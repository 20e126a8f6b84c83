import Foundation
import Graphics
import TestSupport
import Testing

/// Escape sequences are made in one place (`ControlSequence`); the rest of the sources append
/// them and never spell an escape themselves.
@Suite struct ControlSequenceTests {
    @Test func noSourceSpellsAnEscapeOutsideTheVocabulary() throws {
        let sources = RepositoryPaths.repository + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: sources)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("/ControlSequence.swift") }
        #expect(files.count > 100)
        // ESC as a Unicode escape, a hex or octal number, or \e.
        let escape = try Regex(#"\\u\{0*1[bB]\}|0x1[bB]\b|\\033|\\x1[bB]|\\e\["#)
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(escape) {
                offenders.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    /// The cell writer's frames are written in place (`BoundedByteWriter`): the same bytes as
    /// appended to an array, numbers of every length included.
    @Test func sequencesWrittenInPlaceEqualThoseAppended() {
        func write<Sink: ByteSink>(into out: inout Sink) {
            ControlSequence.appendCursorPosition(row: 0, column: 0, into: &out)
            ControlSequence.appendCursorPosition(row: 41, column: 123_456, into: &out)
            ControlSequence.appendCursorForward(7, into: &out)
            ControlSequence.appendCursorVertical(-3, into: &out)
            ControlSequence.appendCursorColumn(999, into: &out)
            ControlSequence.appendIntroducer(into: &out)
            for value in [0, 9, 10, 99, 100, 255, 999, 1000, 65_536] {
                ControlSequence.appendDecimal(value, to: &out)
            }
        }
        var appended: [UInt8] = []
        write(into: &appended)
        let inPlace = [UInt8](unsafeUninitializedCapacity: appended.count) { buffer, count in
            var writer = BoundedByteWriter(buffer)
            write(into: &writer)
            count = writer.next - buffer.baseAddress!
        }
        #expect(inPlace == appended)
        #expect(
            String(decoding: appended, as: UTF8.self)
                == "\u{1B}[H\u{1B}[42;123457H\u{1B}[7C\u{1B}[3A\u{1B}[1000G\u{1B}[" + "0" + "9" + "10" + "99" + "100"
                + "255" + "999" + "1000" + "65536")
    }

    @Test func theVocabularysSequencesAreTheStandardOnes() {
        var out: [UInt8] = []
        ControlSequence.appendCursorPosition(row: 0, column: 0, into: &out)
        ControlSequence.appendCursorPosition(row: 4, column: 0, into: &out)
        ControlSequence.appendCursorPosition(row: 0, column: 1200, into: &out)
        ControlSequence.appendCursorForward(1, into: &out)
        ControlSequence.appendCursorForward(12, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\u{1B}[H\u{1B}[5H\u{1B}[;1201H\u{1B}[C\u{1B}[12C")
        #expect(ControlSequence.cursorPosition(row: 2, column: 7) == Array("\u{1B}[3;8H".utf8))
        #expect(ControlSequence.clearScreen == Array("\u{1B}[H\u{1B}[2J".utf8))
        #expect(
            ControlSequence.kittyGraphics("a=q,i=1", payload: Array("AAAA".utf8)[...])
                == Array("\u{1B}_Ga=q,i=1;AAAA\u{1B}\\".utf8))
        #expect(ControlSequence.sixelStart("0;1;0") == Array("\u{1B}P0;1;0q".utf8))
        #expect(ControlSequence.backgroundQuery == Array("\u{1B}]11;?\u{1B}\\".utf8))
    }
}
