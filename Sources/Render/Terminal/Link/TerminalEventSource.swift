public import Playback
import Glibc

/// Waits for the player's deadlines in poll(2) on the terminal's input and on the pipe that
/// signal handlers write to, so keys, resizes and signals act at once and waiting uses no CPU.
/// Answers to tview's status queries are taken off the input here (they never reach the keys)
/// and wake the player, which may be waiting for the screen to catch up.
public final class TerminalEventSource: PlayerEventSource {
    private let link: TerminalLink?
    private let signalDescriptor: CInt
    /// Where `RemoteKeys` come from, if anywhere.
    private let remoteDescriptor: CInt?
    private let clock: any PlaybackClock
    /// Events read together with an earlier one, in order.
    private var queued: [PlayerEvent] = []

    /// - Parameters:
    ///   - link: where keys come from; nil when there is no terminal (pipe output).
    ///   - signalDescriptor: the read end of the signal pipe (one byte per signal: its number).
    ///   - remoteDescriptor: the read end of a pipe of `RemoteKeys` (one byte per key).
    public init(
        link: TerminalLink?, signalDescriptor: CInt, remoteDescriptor: CInt? = nil, clock: any PlaybackClock
    ) {
        self.link = link
        self.signalDescriptor = signalDescriptor
        self.remoteDescriptor = remoteDescriptor
        self.clock = clock
    }

    public func wait(until deadline: Duration?) -> PlayerEvent? {
        while true {
            if !queued.isEmpty { return queued.removeFirst() }
            if let link {
                // Of keys typed before tview was ready, only those that end it: an Enter or a
                // word typed ahead for the shell must not open a tile or step frames.
                queued += link.takeKeysTypedAhead().compactMap(Self.event(for:)).filter {
                    $0 == .key(.quit) || $0 == .key(.interrupt)
                }
                take(link.flushPending())
                if !queued.isEmpty { continue }
            }
            var wake = deadline
            if let pending = link?.sequenceDeadline { wake = min(wake ?? pending, pending) }
            var timeout: CInt = -1
            // The deadline has passed (playing behind, decoding slower than the frames' times):
            // the keys and signals are still looked at, without waiting, or q would wait until
            // playing caught up.
            var passed = false
            if let wake {
                let left = wake - clock.now()
                if left <= .zero {
                    if wake != deadline { continue }  // a pending sequence is due: flushed above
                    passed = true
                    timeout = 0
                } else {
                    timeout = left.pollTimeout
                }
            }
            var descriptors = [pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)]
            if let link { descriptors.append(pollfd(fd: link.inputDescriptor, events: Int16(POLLIN), revents: 0)) }
            if let remoteDescriptor {
                descriptors.append(pollfd(fd: remoteDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno != EINTR { return nil }
            if descriptors[0].revents & Int16(POLLIN) != 0, let event = readSignal() {
                return event
            }
            if let remoteDescriptor, descriptors.last!.revents & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                if read(remoteDescriptor, &byte, 1) == 1, let key = RemoteKeys.key(for: byte) { return .key(key) }
            }
            if link != nil, descriptors[1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, let link {
                let input = link.read()
                take(input)
                if input.closed && queued.isEmpty {
                    return .terminate(signal: SIGHUP)  // the terminal went away
                }
            }
            if passed && queued.isEmpty { return nil }
        }
    }

    private func take(_ input: TerminalLink.Input) {
        queued += input.keys.compactMap(Self.event(for:))
        if input.answers > 0 { queued.append(.outputShown) }
    }

    private func readSignal() -> PlayerEvent? {
        var number: UInt8 = 0
        guard read(signalDescriptor, &number, 1) == 1 else { return nil }
        switch CInt(number) {
        case SIGWINCH, SIGCONT: return .resize
        case SIGTSTP: return .suspend
        case let signal: return .terminate(signal: signal)
        }
    }

    static func event(for key: TerminalKey) -> PlayerEvent? {
        switch key {
        case .character(" "): return .key(.pauseResume)
        case .character("."), .right: return .key(.stepForward)
        case .character(","), .left: return .key(.stepBack)
        case .character("+"), .character("="): return .key(.faster)
        case .character("-"): return .key(.slower)
        case .character("0"): return .key(.normalSpeed)
        case .character("r"): return .key(.restart)
        case .character("i"): return .key(.toggleStatus)
        case .character("n"): return .key(.nextFile)
        case .character("p"): return .key(.previousFile)
        case .character("q"), .control(27): return .key(.quit)
        case .up: return .key(.up)
        case .down: return .key(.down)
        case .control(13), .control(10): return .key(.open)
        case .control(3): return .key(.interrupt)
        case .control(26): return .suspend
        default: return nil
        }
    }
}
