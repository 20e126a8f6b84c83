import Glibc

/// A pseudo-terminal for a sink that reads the terminal's size: the sink writes to `terminal`,
/// the test sets the size and takes what was written from the other end.
public final class PseudoTerminal {
    private let master: CInt
    /// The terminal's end, for a `TerminalLink`'s output (closed with the link, not here).
    public let terminal: CInt

    /// Nil when no pseudo-terminal can be made.
    public init?(columns: Int, rows: Int) {
        guard let (master, path) = Self.openMaster(flags: O_NONBLOCK) else { return nil }
        self.master = master
        terminal = open(path, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else {
            close(master)
            return nil
        }
        resize(columns: columns, rows: rows)
    }

    /// A new pseudo-terminal's controlling end (opened O_RDWR | O_NOCTTY and `flags`) and the path
    /// of its terminal end; nil when none can be made. posix_openpt and friends need
    /// _XOPEN_SOURCE, which Swift's Glibc module lacks: the Linux ioctls they wrap (TIOCSPTLCK,
    /// TIOCGPTN) do the same.
    public static func openMaster(flags: CInt) -> (master: CInt, path: String)? {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | flags)
        var unlock: CInt = 0
        var number: CUnsignedInt = 0
        guard master >= 0 else { return nil }
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            close(master)
            return nil
        }
        return (master, "/dev/pts/\(number)")
    }

    deinit { close(master) }

    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// What the terminal sends (keys, answers) to the program on `terminal`.
    public func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }

    /// The terminal's end without line editing or echo, as a full-screen program sets it.
    public func makeRaw() {
        var modes = termios()
        tcgetattr(terminal, &modes)
        cfmakeraw(&modes)
        tcsetattr(terminal, TCSANOW, &modes)
    }

    /// Everything written since the last call (the terminal's output processing applied).
    public func take() -> [UInt8] { AvailableBytes.read(from: master) }
}
