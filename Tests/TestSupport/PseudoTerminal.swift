import Glibc

/// A pseudo-terminal for a sink that reads the terminal's size: the sink writes to `terminal`,
/// the test sets the size and takes what was written from the other end.
public final class PseudoTerminal {
    private let master: CInt
    /// The terminal's end, for a `TerminalLink`'s output (closed with the link, not here).
    public let terminal: CInt

    /// Nil when no pseudo-terminal can be made (posix_openpt's ioctls: Swift's Glibc lacks
    /// the functions, as `ThrottledTerminal` says).
    public init?(columns: Int, rows: Int) {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_NONBLOCK)
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            if master >= 0 { close(master) }
            return nil
        }
        terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard terminal >= 0 else {
            close(master)
            return nil
        }
        resize(columns: columns, rows: rows)
    }

    deinit { close(master) }

    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Everything written since the last call (the terminal's output processing applied).
    public func take() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
