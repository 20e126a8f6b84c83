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
    public func take() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}
