/// Bytes written one after another into memory of a known size, each checked against its end
/// (running past it traps: it never writes outside). For writers whose output has a bound worked
/// out beforehand (a frame's cells): a byte costs a store and a comparison, not an array append's
/// uniqueness and capacity checks.
public struct BoundedByteWriter: ByteSink {
    public private(set) var next: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    /// Writes from the start of `buffer`.
    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        next = buffer.baseAddress!
        end = next + buffer.count
    }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        precondition(next < end, "more bytes than the bound")
        next.pointee = byte
        next += 1
    }

    /// `bytes`, one after another.
    @inline(__always)
    public mutating func append(contentsOf bytes: [UInt8]) {
        for byte in bytes { append(byte) }
    }
}
