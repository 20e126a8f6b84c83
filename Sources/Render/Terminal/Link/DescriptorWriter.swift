public import Playback
import Glibc

/// write(2) until every byte is out: frames to the terminal, text to standard output and
/// standard error. Retries after signals and waits while a non-blocking descriptor is full; any
/// other failure (a full disk, a terminal gone, a closed pipe with SIGPIPE ignored) is thrown.
public enum DescriptorWriter {
    public static func writeAll(_ bytes: [UInt8], to descriptor: CInt) throws(WriteError) {
        let failure: CInt? = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                if written == 0 { return EIO }  // nothing taken, no error named: do not spin
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK:
                    var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&entry, 1, -1)
                default: return errno
                }
            }
            return nil
        }
        if let failure { throw WriteError(code: failure) }
    }
}
