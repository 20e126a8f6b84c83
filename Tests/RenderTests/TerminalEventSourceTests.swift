import Glibc
import Playback
import Terminal
import TestSupport
import Testing

/// Keys and signals reach the player however far behind it plays: a deadline already passed
/// (decoding slower than the frames' times) still looks at the input, without waiting.
@Suite struct TerminalEventSourceTests {
    /// An event source over a pipe for the terminal's input and one for signals; the test types
    /// and signals through their write ends.
    private final class Ends {
        let keys: CInt
        let signals: CInt
        /// The ends the link and the source read from and write to (they close none).
        private let others: [CInt]
        let source: TerminalEventSource
        let clock = ManualClock()

        init() {
            var input: [CInt] = [0, 0], signal: [CInt] = [0, 0]
            pipe(&input)
            pipe(&signal)
            for end in [input[0], signal[0]] { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
            keys = input[1]
            signals = signal[1]
            let output = open("/dev/null", O_WRONLY)
            others = [input[0], signal[0], output]
            let link = TerminalLink(input: input[0], output: output, clock: clock, pacing: false)
            source = TerminalEventSource(link: link, signalDescriptor: signal[0], clock: clock)
        }

        deinit {
            for end in others + [keys, signals] { close(end) }
        }

        func type(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { write(keys, $0.baseAddress, $0.count) } }
        func signal(_ number: CInt) {
            var byte = UInt8(number)
            _ = write(signals, &byte, 1)
        }
    }

    @Test func aKeyIsTakenWhenTheDeadlineHasPassed() {
        let ends = Ends()
        ends.type("q")
        #expect(ends.source.wait(until: ends.clock.now() - .seconds(1)) == .key(.quit))
        // Nothing more: the passed deadline returns at once.
        #expect(ends.source.wait(until: ends.clock.now() - .seconds(1)) == nil)
    }

    /// A q typed as tview starts comes in among the terminal's answers to the start-up
    /// questions: it is the player's first key, not dropped with them. Other keys typed ahead
    /// (an Enter, a space meant for the shell) are dropped: they would open a tile or pause.
    @Test func aKeyTypedAmongTheStartUpAnswersIsTheFirstKey() throws {
        let pty = try #require(PseudoTerminal(columns: 80, rows: 24))
        pty.makeRaw()
        let input = dup(pty.terminal)
        var signal: [CInt] = [0, 0]
        pipe(&signal)
        defer { for end in [input, pty.terminal] + signal { close(end) } }
        let clock = ManualClock()
        let link = TerminalLink(input: input, output: pty.terminal, clock: clock, pacing: false)
        // The key, then the device attributes that end every terminal's answers.
        pty.send(Array("\r q\u{1B}[?62;22c".utf8))
        #expect(link.askTerminal(timeout: .seconds(5)).answered)
        let source = TerminalEventSource(link: link, signalDescriptor: signal[0], clock: clock)
        #expect(source.wait(until: clock.now()) == .key(.quit))
        #expect(source.wait(until: clock.now()) == nil)
    }

    @Test func aSignalIsTakenWhenTheDeadlineHasPassed() {
        let ends = Ends()
        ends.signal(SIGTERM)
        #expect(ends.source.wait(until: ends.clock.now()) == .terminate(signal: SIGTERM))
    }

    @Test func aDeadlineNotYetDueWaitsForTheKey() {
        let ends = Ends()
        ends.type(" ")
        #expect(ends.source.wait(until: ends.clock.now() + .seconds(10)) == .key(.pauseResume))
    }
}
