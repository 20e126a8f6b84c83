import Glibc

/// What can be read now from a non-blocking descriptor (a pipe's or a pseudo-terminal's end a
/// test takes a sink's output from), until it would block or ends.
public enum AvailableBytes {
    public static func read(from descriptor: CInt) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
