import Decode
import Graphics
import Picture
import Terminal
import TestSupport
import Testing

/// Sixel inside tmux (3.4 and later draw it themselves): tmux takes a sequence whole into its
/// input buffer and drops a longer one, so a frame longer than the limit goes out in stripes of
/// whole cell rows, each its own sequence at its row, and the screen shows the same picture.
@Suite struct SixelStripeTests {
    @Test func aFrameLongerThanTheLimitGoesOutInStripesThatShowTheSamePicture() throws {
        let pictures = PixelOutputTests.pictures(
            PixelOutputTests.frames(width: 240, height: 128, count: 3), terminalScales: false)
        var first: [UInt8] = []
        SixelOutput().draw(pictures[0], into: &first)
        // A third of the first frame's sequence: stripes needed, a row of cells fits.
        let limit = first.count / 3
        let whole = SixelOutput()
        let striped = SixelOutput(sequenceLimit: limit)
        let wholeScreen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16)
        let stripedScreen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16)
        for picture in pictures {
            var one: [UInt8] = []
            whole.draw(picture, into: &one)
            var many: [UInt8] = []
            striped.draw(picture, into: &many)
            try wholeScreen.feed(one)
            try stripedScreen.feed(many)
            let sequences = Self.sequences(in: many)
            #expect(sequences.allSatisfy { $0 <= limit }, "\(sequences) of at most \(limit)")
            if Self.sequences(in: one).first ?? 0 > limit { #expect(sequences.count > 1) }
        }
        #expect(wholeScreen.errors.isEmpty && stripedScreen.errors.isEmpty)
        #expect(PixelOutputTests.largestDifference(wholeScreen.picture, stripedScreen.picture) == 0)
    }

    /// Inside tmux a sixel profile says its limit (and --probe shows it); elsewhere none.
    @Test func theLimitIsTmuxs() {
        var answers = TerminalAnswers()
        answers.answered = true
        answers.sixel = true
        answers.terminalName = "tmux 3.6b"
        func decide(_ environment: [String: String]) -> TerminalProfile {
            TerminalProfile.decide(
                answers: answers, asked: true, isTerminal: true, environment: environment,
                colors: ColorChoice(mode: .truecolor, reason: "test"), requested: nil, pixelsAllowed: true,
                window: nil, tmux: nil)
        }
        #expect(decide(["TERM": "tmux-256color", "TMUX": "/tmp/s,1,0"]).sixelSequenceLimit == 1_048_576 - 4096)
        answers.terminalName = "XTerm(379)"
        #expect(decide(["TERM": "xterm"]).sixelSequenceLimit == nil)
    }

    /// The lengths of the sixel sequences (ESC P … ESC \\) in `bytes`.
    static func sequences(in bytes: [UInt8]) -> [Int] {
        var lengths: [Int] = []
        var start: Int?
        for index in bytes.indices.dropLast() where bytes[index] == 0x1B {
            if bytes[index + 1] == UInt8(ascii: "P") { start = index }
            if bytes[index + 1] == UInt8(ascii: "\\"), let begun = start {
                lengths.append(index + 2 - begun)
                start = nil
            }
        }
        return lengths
    }
}
