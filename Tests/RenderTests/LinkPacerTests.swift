import Decode
import Terminal
import Testing

/// The pacer's bookkeeping on made-up times: what it learns from answers and when it lets the
/// next frame go.
@Suite struct LinkPacerTests {
    private func ms(_ value: Int) -> Duration { .milliseconds(value) }

    @Test func answersMeasureTheLinkAndHoldTheNextFrameUntilTheScreenCatchesUp() throws {
        var pacer = LinkPacer()
        pacer.querySent(afterBytes: 0, at: ms(0))  // the probe
        #expect(pacer.readiness(at: ms(1)) == nil, "unpaced until the terminal is known to answer")
        pacer.answerReceived(at: ms(20))
        #expect(pacer.answers == .yes)
        #expect(pacer.roundTrip == ms(20))
        // 50 KB at 250 KB/s: shown 200 ms after it reaches the link, answered 10 ms later.
        pacer.querySent(afterBytes: 50_000, at: ms(30))
        let held = pacer.readiness(at: ms(40))
        let wait = try #require(held, "no measure yet: wait for the answer")
        #expect(wait > ms(40))
        pacer.answerReceived(at: ms(250))
        let throughput = try #require(pacer.throughput)
        #expect(abs(throughput - 250_000) < 1_000)
        #expect(pacer.readiness(at: ms(251)) == nil)
        // The next 50 KB, sent on an idle link: answered after a round trip and 200 ms (at 471);
        // the frame after may go a round trip and a little lead before that.
        pacer.querySent(afterBytes: 50_000, at: ms(251))
        let next = pacer.readiness(at: ms(300))
        let ready = try #require(next)
        #expect(abs((ready - ms(251 + 20 + 200 - 20 - 10)).milliseconds) < 2)
        #expect(pacer.readiness(at: ready) == nil)
    }

    @Test func answersThatArriveTogetherAreOneSampleOverTheirWholeSpan() throws {
        var pacer = LinkPacer()
        pacer.querySent(afterBytes: 0, at: ms(0))
        pacer.answerReceived(at: ms(20))
        pacer.querySent(afterBytes: 50_000, at: ms(30))
        pacer.answerReceived(at: ms(250))  // 250 KB/s
        // Three 40 KB frames in a row; the far end reads them all before answering, so the
        // three answers come 0.1 ms apart once the last frame is shown (480 ms of link).
        for sent in [260, 261, 262] { pacer.querySent(afterBytes: 40_000, at: ms(sent)) }
        let shown = ms(260 + 20 + 480)
        for index in 0..<3 { pacer.answerReceived(at: shown + .microseconds(100 * index)) }
        let throughput = try #require(pacer.throughput)
        #expect(abs(throughput - 250_000) < 5_000, "not 40 KB in a millisecond: \(throughput)")
        #expect((pacer.capacity ?? 0) < 260_000)
        // And the next frame is held back as on a 250 KB/s link.
        pacer.querySent(afterBytes: 40_000, at: ms(770))
        let held = pacer.readiness(at: ms(780))
        #expect(try #require(held) > ms(770 + 100))
    }

    @Test func aTerminalThatNeverAnswersIsLeftUnpaced() {
        var pacer = LinkPacer()
        pacer.querySent(afterBytes: 0, at: ms(0))
        pacer.querySent(afterBytes: 40_000, at: ms(10))
        #expect(pacer.sendsQueries)
        #expect(pacer.readiness(at: ms(1_000)) == nil)
        #expect(pacer.readiness(at: ms(2_100)) == nil)
        #expect(pacer.answers == .no)
        #expect(!pacer.sendsQueries)
        #expect(pacer.outstandingQueries == 0)
        // An answer that comes after all changes nothing.
        pacer.answerReceived(at: ms(2_200))
        #expect(pacer.answers == .no)
    }

    @Test func aTerminalThatStopsAnsweringIsNotWaitedForForever() throws {
        var pacer = LinkPacer()
        pacer.querySent(afterBytes: 0, at: ms(0))
        pacer.answerReceived(at: ms(5))
        pacer.querySent(afterBytes: 30_000, at: ms(10))
        let retry = pacer.readiness(at: ms(20))
        #expect(try #require(retry) <= ms(10) + LinkPacerTestsLimits.silence)
        #expect(pacer.readiness(at: ms(10) + LinkPacerTestsLimits.silence + ms(1)) == nil)
        #expect(pacer.answers == .no)
    }

    @Test func coloursStepDownWhileHeldBackAndUpWhenTheLinkHasRoom() {
        var pacer = LinkPacer()
        pacer.querySent(afterBytes: 0, at: ms(0))
        pacer.answerReceived(at: ms(2))
        var now = 10
        // 40 KB frames every 40 ms on a 250 KB/s link: held back again and again.
        for _ in 0..<10 {
            pacer.querySent(afterBytes: 40_000, at: ms(now))
            _ = pacer.readiness(at: ms(now + 40))
            now += 160
            pacer.answerReceived(at: ms(now))
        }
        #expect(pacer.prefersFewerColors)
        #expect(pacer.isLimiting(at: ms(now)))
        // Then small frames (a still part of the animation): a few KB a second.
        for _ in 0..<60 {
            pacer.querySent(afterBytes: 2_500, at: ms(now))
            now += 10
            pacer.answerReceived(at: ms(now))
            now += 90
            pacer.updateColorStep(at: ms(now))
        }
        #expect(!pacer.prefersFewerColors)
        #expect(!pacer.isLimiting(at: ms(now)), "nothing held back for seconds: the status line drops the link")
    }
}

enum LinkPacerTestsLimits {
    /// LinkPacer's silence timeout (internal to Terminal).
    static let silence: Duration = .seconds(5)
}
