import Glibc

/// The one place `/dev/tty` is opened: the controlling terminal, whatever standard input and
/// output are (the image may come on standard input, the output may go to a pipe). Safe in a
/// signal handler (open(2) and a string the compiler made; nothing allocated).
public enum ControllingTerminal {
    /// A new descriptor of the controlling terminal opened with `flags` (O_CLOEXEC always; add
    /// O_NOCTTY, O_NONBLOCK and the access mode as needed), or -1 when there is none (errno says
    /// why).
    public static func open(_ flags: CInt) -> CInt {
        Glibc.open("/dev/tty", flags | O_CLOEXEC)
    }
}
