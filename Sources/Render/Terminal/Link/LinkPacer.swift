import Decode

/// Paces output to what the terminal has actually shown. After each frame tview sends a status
/// query (`ESC [ 5 n`); the terminal answers once it has processed everything before it, so an
/// answer acknowledges a frame. From the answers come the round trip and the link's throughput,
/// and from those when the screen will have caught up: the next frame is sent just before then,
/// not earlier, so no buffer between tview and the screen (pty, sshd, TCP) fills up and what the
/// screen shows stays current. Frames due meanwhile are skipped by the player.
///
/// Pure bookkeeping on times passed in (testable on any clock); `TerminalLink` does the I/O.
public struct LinkPacer: Sendable {
    public enum Answers: Sendable, Equatable {
        /// No answer yet: frames go out unpaced (blocking writes pace them, as on any terminal).
        case unknown
        /// The terminal answers: frames are paced by the answers.
        case yes
        /// Nothing answered in time: no more queries, blocking writes pace playback.
        case no
    }

    private struct Query {
        var sentAt: Duration
        /// Output written just before the query (since the previous one).
        var bytes: Int
    }

    public private(set) var answers = Answers.unknown
    private var outstanding: [Query] = []
    /// The smallest time from a query to its answer: the link's own delay.
    public private(set) var roundTrip: Duration?
    /// How long the last answer took: how far behind the screen was.
    public private(set) var lastDelay: Duration?
    /// Bytes per second the terminal has been taking (smoothed).
    public private(set) var throughput: Double?
    /// Bytes per second while the link was busy throughout (smoothed): what it can carry.
    public private(set) var capacity: Double?
    private var lastAnswerAt: Duration?
    /// The answers arriving together that the newest belongs to (see `togetherGap`).
    private var batch: AnswerBatch?
    /// (time, bytes) of recent frames, for how busy the link is.
    private var recentSends: [(at: Duration, bytes: Int)] = []
    /// When a due frame was last held back because the screen had not caught up.
    private var lastHeldBackAt: Duration?
    private var heldBackTimes: [Duration] = []
    /// Colours are stepped down (a hint to the writer; see `updateColorStep`).
    public private(set) var prefersFewerColors = false
    private var colorStepChangedAt: Duration = .zero

    /// With no answer at all for this long, the terminal does not answer.
    static let firstAnswerTimeout: Duration = .seconds(2)
    /// Once answering, this much silence with queries outstanding means it stopped.
    static let silenceTimeout: Duration = .seconds(5)
    /// Queries in flight at most, however fast the link seems.
    static let mostOutstanding = 8
    /// Send the next frame this long before the screen is expected to catch up, so the link
    /// does not idle while tview writes it.
    static let lead: Duration = .milliseconds(10)
    /// Throughput samples from less output than this say little.
    static let smallestSample = 2048
    /// Answers this close together were sent together: the terminal read several frames at
    /// once (a far end reading 64 KB at a time does). Their frames share one sample over the
    /// whole span; timing each from the one before would read kilobytes in a millisecond.
    static let togetherGap: Duration = .milliseconds(2)

    public init() {}

    /// Queries should go out with frames (not when the terminal is known not to answer).
    public var sendsQueries: Bool { answers != .no }

    public var unacknowledgedBytes: Int { outstanding.reduce(0) { $0 + $1.bytes } }
    public var outstandingQueries: Int { outstanding.count }

    /// A query went out after `bytes` of output.
    public mutating func querySent(afterBytes bytes: Int, at now: Duration) {
        outstanding.append(Query(sentAt: now, bytes: bytes))
        recentSends.append((now, bytes))
        recentSends.removeAll { now - $0.at > .seconds(2) }
    }

    /// The oldest outstanding query was answered.
    public mutating func answerReceived(at now: Duration) {
        guard !outstanding.isEmpty else { return }  // a late answer after a timeout
        let query = outstanding.removeFirst()
        answers = .yes
        let delay = now - query.sentAt
        lastDelay = delay
        roundTrip = min(roundTrip ?? delay, delay)
        if batch != nil, let previous = lastAnswerAt, now - previous <= Self.togetherGap {
            batch?.bytes += query.bytes
        } else {
            // Sent before the previous answer came: the link was busy all along, so the sample
            // is its capacity, not a burst into an idle link (which buffers make look fast).
            let busy = lastAnswerAt.map { query.sentAt < $0 } ?? false
            batch = AnswerBatch(
                began: beganReachingScreen(query), bytes: query.bytes, linkWasBusy: busy,
                throughputBefore: throughput, capacityBefore: capacity)
        }
        if let batch, batch.bytes >= Self.smallestSample {
            // A later answer of the batch replaces the batch's sample rather than adding one.
            let took = max(now - batch.began, .milliseconds(1))
            let sample = Double(batch.bytes) / (took.milliseconds / 1000)
            throughput = Self.smoothed(batch.throughputBefore, sample)
            if batch.linkWasBusy {
                capacity = Self.smoothed(batch.capacityBefore, sample)
            }
        }
        lastAnswerAt = now
    }

    /// An exponentially smoothed rate: mostly what it was, a little of the new sample.
    private static func smoothed(_ average: Double?, _ sample: Double) -> Double {
        average.map { $0 * 0.7 + sample * 0.3 } ?? sample
    }

    /// When the frame that `query` follows began to reach the screen: when it was sent (link
    /// idle) or when the one before it had been shown (link busy), whichever was later.
    private func beganReachingScreen(_ query: Query) -> Duration {
        max(query.sentAt + (roundTrip ?? .zero), lastAnswerAt ?? .zero)
    }

    /// When the answer to the newest outstanding query should come: everything outstanding
    /// takes its bytes over the throughput, from when the oldest began to reach the screen.
    private func expectedLastAnswer(oldest: Query, throughput: Double) -> Duration {
        beganReachingScreen(oldest) + .seconds(Double(unacknowledgedBytes) / throughput)
    }

    /// When the terminal can take the next frame: nil for now, else a time to ask again (an
    /// answer may come sooner). Call when a frame is due; a refusal counts as holding it back.
    public mutating func readiness(at now: Duration) -> Duration? {
        expire(at: now)
        guard answers == .yes, let oldest = outstanding.first else { return nil }
        let ready: Duration
        if outstanding.count >= Self.mostOutstanding {
            ready = oldest.sentAt + Self.silenceTimeout
        } else if let throughput {
            ready = expectedLastAnswer(oldest: oldest, throughput: throughput) - (roundTrip ?? .zero) - Self.lead
        } else {
            // No measure of the link yet: wait for the answer that gives one.
            ready = oldest.sentAt + Self.silenceTimeout
        }
        guard ready > now else { return nil }
        heldBack(at: now)
        return ready
    }

    /// Gives up on answers that do not come, so playing never hangs on a silent terminal.
    public mutating func expire(at now: Duration) {
        guard let oldest = outstanding.first else { return }
        let limit = answers == .yes ? Self.silenceTimeout : Self.firstAnswerTimeout
        if now - max(oldest.sentAt, lastAnswerAt ?? .zero) > limit {
            answers = .no
            outstanding.removeAll()
            prefersFewerColors = false
        }
    }

    /// The colour step: fewer colours (the 256-colour palette, about a third of the bytes of
    /// truecolor) while frames are held back several times a second; truecolor again once the
    /// link has been idle enough for three times the bytes, for a few seconds.
    private mutating func heldBack(at now: Duration) {
        if lastHeldBackAt.map({ now - $0 < .milliseconds(20) }) == true { return }  // the same wait
        lastHeldBackAt = now
        heldBackTimes.append(now)
        heldBackTimes.removeAll { now - $0 > .seconds(1) }
        if !prefersFewerColors && heldBackTimes.count >= 3 && now - colorStepChangedAt > .seconds(1) {
            prefersFewerColors = true
            colorStepChangedAt = now
        }
    }

    /// Steps colours back up when the link has room; call after each frame.
    public mutating func updateColorStep(at now: Duration) {
        guard prefersFewerColors, let limit = capacity ?? throughput, now - colorStepChangedAt > .seconds(3) else {
            return
        }
        guard lastHeldBackAt.map({ now - $0 > .seconds(2) }) ?? true else { return }
        let window = recentSends.filter { now - $0.at <= .seconds(2) }
        guard let first = window.first else { return }
        let span = max(now - first.at, .milliseconds(500)).milliseconds / 1000
        let rate = Double(window.reduce(0) { $0 + $1.bytes }) / span
        if rate * 3 < limit * 0.7 {
            prefersFewerColors = false
            colorStepChangedAt = now
        }
    }

    /// The link limits playing: a frame was held back in the last few seconds, or colours are
    /// stepped down.
    public func isLimiting(at now: Duration) -> Bool {
        prefersFewerColors || lastHeldBackAt.map { now - $0 < .seconds(3) } == true
    }

    /// How long until the screen shows everything sent (0 when nothing is outstanding).
    public func expectedCatchUp(at now: Duration) -> Duration {
        guard answers == .yes, let oldest = outstanding.first else { return .zero }
        guard let throughput else { return Self.silenceTimeout }
        return max(.zero, expectedLastAnswer(oldest: oldest, throughput: throughput) - now)
    }
}
