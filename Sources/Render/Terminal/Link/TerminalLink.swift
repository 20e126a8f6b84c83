import Graphics
public import Playback
import Picture
import Glibc
import Decode

/// The conversation with the terminal: reads what it sends (keys, and answers to tview's status
/// queries, told apart by `TerminalInputParser`), adds a query to each frame and feeds the
/// answers to a `LinkPacer`, which says when the screen can take the next frame.
///
/// Queries go out only when both ends are a terminal and pacing is on; a terminal that answers
/// nothing within `LinkPacer.firstAnswerTimeout` gets no more (blocking writes pace, as before).
public final class TerminalLink {
    public private(set) var pacer = LinkPacer()
    public let isPacing: Bool
    /// The descriptor keys and answers arrive on (for poll).
    public let inputDescriptor: CInt
    /// The descriptor frames and queries go out on.
    public let outputDescriptor: CInt
    private let clock: any PlaybackClock
    private var parser = TerminalInputParser()
    private var waitingSince: Duration?
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// Keys that came in among the start-up answers (typed before tview was ready), for the
    /// player to take first.
    private var keysTypedAhead: [TerminalKey] = []

    /// DSR 5: "report status". Every terminal tview targets answers `ESC [ 0 n`, which no key
    /// sends (a cursor position report would look like Shift-F3 to some terminals).
    public static let query: [UInt8] = ControlSequence.statusReport

    /// The controlling terminal: keys from /dev/tty (standard input may be the image), output
    /// to a copy of standard output.
    public static func controllingTerminal(clock: any PlaybackClock, pacing: Bool) throws(TerminalSetupError)
        -> TerminalLink
    {
        let input = ControllingTerminal.open(O_RDWR)
        guard input >= 0 else { throw TerminalSetupError(description: "no terminal to read keys from (/dev/tty)") }
        let output = dup(STDOUT_FILENO)
        guard output >= 0 else {
            close(input)
            throw TerminalSetupError(description: "cannot write to the terminal")
        }
        return TerminalLink(input: input, output: output, clock: clock, pacing: pacing)
    }

    public init(input: CInt, output: CInt, clock: any PlaybackClock, pacing: Bool) {
        inputDescriptor = input
        outputDescriptor = output
        self.clock = clock
        isPacing = pacing && isatty(input) == 1 && isatty(output) == 1
    }

    /// Sends a query with no frame before it: its answer says the terminal answers, and gives
    /// the round trip of an empty link.
    public func probe() {
        guard isPacing else { return }
        // A failure here shows again, and is reported, with the first frame.
        try? DescriptorWriter.writeAll(Self.query, to: outputDescriptor)
        pacer.querySent(afterBytes: 0, at: clock.now())
    }

    /// Frames go out with a query (pacing on, and the terminal not known to stay silent).
    public var sendsQueries: Bool { isPacing && pacer.sendsQueries }

    /// Appends a query to a frame's bytes when queries are being sent; true if it did.
    public func appendQuery(to frame: inout [UInt8]) -> Bool {
        guard sendsQueries else { return false }
        frame += Self.query
        return true
    }

    /// A frame of `bytes` (with its query at the end) was written.
    public func frameWritten(bytes: Int) {
        let now = clock.now()
        pacer.querySent(afterBytes: bytes, at: now)
        pacer.updateColorStep(at: now)
    }

    /// Nil when the next frame may be sent now, else when to ask again.
    public func readiness(at now: Duration) -> Duration? {
        guard isPacing else { return nil }
        return pacer.readiness(at: now)
    }

    /// What one read of the terminal brought.
    public struct Input {
        public var keys: [TerminalKey] = []
        public var answers = 0
        /// The terminal is gone (hang-up, or end of input).
        public var closed = false
    }

    /// Reads what is there (call when poll says the input is readable).
    public func read() -> Input {
        var input = Input()
        let count = Glibc.read(inputDescriptor, &buffer, buffer.count)
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
            input.closed = true
            return input
        }
        guard count > 0 else { return input }
        take(parser.feed(buffer[0..<count]), into: &input)
        waitingSince = parser.isWaiting ? (waitingSince ?? clock.now()) : nil
        return input
    }

    /// The keys that came in among the start-up answers, once.
    public func takeKeysTypedAhead() -> [TerminalKey] {
        defer { keysTypedAhead = [] }
        return keysTypedAhead
    }

    /// When a begun sequence must be settled (a lone Esc becomes the key), if one is pending.
    public var sequenceDeadline: Duration? {
        waitingSince.map { $0 + parser.waitingDelay }
    }

    /// Settles a pending sequence whose time has come.
    public func flushPending() -> Input {
        var input = Input()
        guard let deadline = sequenceDeadline, clock.now() >= deadline else { return input }
        take(parser.flush(), into: &input)
        waitingSince = nil
        return input
    }

    private func take(_ tokens: [TerminalInputParser.Token], into input: inout Input) {
        for token in tokens {
            switch token {
            case .key(let key): input.keys.append(key)
            case .statusReport:
                pacer.answerReceived(at: clock.now())
                input.answers += 1
            case .ignored, .deviceAttributes, .kittyGraphics, .terminalName, .cellPixels, .areaPixels, .modeReport,
                .colorReport, .graphicsAttribute:
                break
            }
        }
    }

    /// The start-up questions, ending with device attributes (which every terminal answers,
    /// after the others): kitty's query action, an animation frame on a scratch image,
    /// XTVERSION, the cell and text area sizes in pixels, DECRQM for synchronized output, the
    /// background and foreground colours (OSC 11, 10). Not the largest sixel image
    /// (XTSMGRAPHICS, `askSixelMaximum`): kitty 0.26.5 logs a parse error for it.
    static let questions: [UInt8] = {
        let pixel = Array("AAAA".utf8)[...]
        return ControlSequence.kittyGraphics("i=\(probeImage),s=1,v=1,a=q,t=d,f=24", payload: pixel)
            + ControlSequence.kittyGraphics("i=\(probeImage + 1),s=1,v=1,a=t,t=d,f=24,q=1", payload: pixel)
            + ControlSequence.kittyGraphics("a=f,i=\(probeImage + 1),s=1,v=1,t=d,f=24", payload: pixel)
            + ControlSequence.kittyGraphics("a=d,d=I,i=\(probeImage + 1),q=2")
            + ControlSequence.terminalVersion + ControlSequence.cellSizeQuery + ControlSequence.areaSizeQuery
            + ControlSequence.synchronizedOutputQuery + ControlSequence.backgroundQuery
            + ControlSequence.foregroundQuery + ControlSequence.deviceAttributes
    }()
    /// Image ids of the scratch images (ours, not likely another program's).
    static let probeImage = 0x7476_FF00

    /// Asks the terminal what it is and does (`questions`) and waits up to `timeout` for the
    /// device attributes that end its answers (a terminal over a slow link may take longer: it
    /// then counts as answering nothing). Keys typed meanwhile are kept (`takeKeysTypedAhead`):
    /// a q typed as tview starts still quits it.
    public func askTerminal(timeout: Duration) -> TerminalAnswers {
        var report = TerminalAnswers()
        report.answered = ask(Self.questions, timeout: timeout, into: &report)
        return report
    }

    /// A second, short round, for a terminal pictures go to as sixel: the largest sixel image it
    /// shows (XTSMGRAPHICS), ended by device attributes again. One more round trip, for sixel
    /// terminals only.
    public func askSixelMaximum(timeout: Duration, into report: inout TerminalAnswers) {
        report.sixelMaximumAsked = true
        _ = ask(ControlSequence.sixelMaximumQuery + ControlSequence.deviceAttributes, timeout: timeout, into: &report)
    }

    /// Writes `questions` (device attributes last) and takes the answers into `report` until
    /// the device attributes come, or `timeout`; true when they came.
    private func ask(_ questions: [UInt8], timeout: Duration, into report: inout TerminalAnswers) -> Bool {
        guard isatty(inputDescriptor) == 1, isatty(outputDescriptor) == 1 else { return false }
        guard (try? DescriptorWriter.writeAll(questions, to: outputDescriptor)) != nil else { return false }
        let deadline = clock.now() + timeout
        var ended = false
        while !ended, inputArrives(before: deadline) {
            let count = Glibc.read(inputDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            for token in parser.feed(buffer[0..<count]) {
                switch token {
                case .deviceAttributes(let attributes):
                    ended = true
                    report.sixel = attributes.dropFirst().contains(4)
                case .kittyGraphics(let id, let ok):
                    if id == Self.probeImage { report.kitty = ok }
                    if id == Self.probeImage + 1 { report.kittyFrames = ok }
                case .terminalName(let name): report.terminalName = name
                case .cellPixels(let width, let height) where width > 0 && height > 0:
                    report.cellPixels = PixelSize(width: width, height: height)
                case .areaPixels(let width, let height) where width > 0 && height > 0:
                    report.areaPixels = PixelSize(width: width, height: height)
                case .modeReport(let mode, let state) where mode == 2026:
                    report.synchronizedOutputState = state
                case .graphicsAttribute(let item, let status, let values)
                where item == 2 && status == 0 && values.count == 2 && values[0] > 0 && values[1] > 0:
                    report.sixelMaximum = PixelSize(width: values[0], height: values[1])
                case .colorReport(let item, let red, let green, let blue) where item == 10 || item == 11:
                    let color = RGBA(r: red, g: green, b: blue)
                    if item == 11 { report.background = color } else { report.foreground = color }
                case .statusReport:
                    pacer.answerReceived(at: clock.now())
                case .key(let key):
                    keysTypedAhead.append(key)
                default: break
                }
            }
        }
        waitingSince = parser.isWaiting ? clock.now() : nil
        return ended
    }

    /// Before the terminal is given back: waits (briefly) for the answers still on their way,
    /// so none arrives at a shell and is echoed, then drops unread input. Keys typed meanwhile
    /// are dropped too.
    public func settle() {
        guard isPacing else { return }
        let start = clock.now()
        pacer.expire(at: start)
        let limit =
            pacer.answers == .yes
            ? min(.seconds(2), pacer.expectedCatchUp(at: start) + .milliseconds(300)) : .milliseconds(200)
        while pacer.outstandingQueries > 0, inputArrives(before: start + limit) {
            if read().closed { break }
        }
        tcflush(inputDescriptor, TCIFLUSH)
        parser = TerminalInputParser()
        waitingSince = nil
    }

    /// Waits until the terminal has sent something (true) or `deadline` passes (false).
    private func inputArrives(before deadline: Duration) -> Bool {
        while true {
            let left = deadline - clock.now()
            guard left > .zero else { return false }
            var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, left.pollTimeout)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 && descriptor.revents & Int16(POLLIN) != 0
        }
    }

    /// The link as the status line shows it, while it holds frames back.
    public var report: String? {
        guard isPacing, pacer.answers == .yes, pacer.isLimiting(at: clock.now()),
            let throughput = pacer.capacity ?? pacer.throughput
        else { return nil }
        var text = "link " + Self.rate(throughput)
        if let delay = pacer.lastDelay { text += " \(Int(delay.milliseconds.rounded())) ms" }
        if pacer.prefersFewerColors { text += " 256c" }
        return text
    }

    private static func rate(_ bytesPerSecond: Double) -> String {
        if bytesPerSecond >= 1_000_000 {
            let tenths = Int((bytesPerSecond / 100_000).rounded())
            return "\(tenths / 10).\(tenths % 10) MB/s"
        }
        return "\(Int((bytesPerSecond / 1000).rounded())) KB/s"
    }
}
