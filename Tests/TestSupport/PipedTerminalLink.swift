import Glibc
public import Terminal

/// A `TerminalLink` whose output is a pipe the test reads back (input /dev/null, no pacing): what
/// a sink writes to "the terminal", taken after each call.
public final class PipedTerminalLink {
    public let link: TerminalLink
    private let readEnd: CInt

    public init() {
        var ends: [CInt] = [0, 0]
        pipe(&ends)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        readEnd = ends[0]
        link = TerminalLink(input: open("/dev/null", O_RDONLY), output: ends[1], clock: ManualClock(), pacing: false)
    }

    deinit { close(readEnd) }

    /// Everything written since the last call.
    public func take() -> [UInt8] { AvailableBytes.read(from: readEnd) }
}
