/// Sequential reads over an `InputFile` through a 64 KiB window, for libraries that pull a few
/// bytes at a time (giflib asks for 1 to 255 bytes per call).
final class BufferedReader {
    let input: InputFile
    /// Offset of the next byte to hand out.
    private(set) var position = 0
    private var window: [UInt8]
    private var windowStart = 0
    private var windowCount = 0

    init(input: InputFile, windowSize: Int = 1 << 16) {
        self.input = input
        self.window = [UInt8](repeating: 0, count: windowSize)
    }

    var isAtEnd: Bool { position >= input.size }

    func seek(to offset: Int) {
        position = offset
    }

    /// Copies up to `count` bytes to `destination`; returns how many (0 at the end).
    func read(into destination: UnsafeMutableRawPointer, count: Int) -> Int {
        var copied = 0
        while copied < count {
            if position < windowStart || position >= windowStart + windowCount {
                windowStart = position
                windowCount = window.withUnsafeMutableBytes { input.read(at: position, into: $0) }
                if windowCount == 0 { break }
            }
            let available = windowStart + windowCount - position
            let take = min(available, count - copied)
            window.withUnsafeBytes { bytes in
                (destination + copied).copyMemory(from: bytes.baseAddress! + (position - windowStart), byteCount: take)
            }
            copied += take
            position += take
        }
        return copied
    }
}
