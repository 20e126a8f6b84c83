/// The CRC-32 that PNG chunks carry (ISO 3309, polynomial 0xEDB88320), for checking APNG's own
/// chunks and for writing the chunks of the standalone PNGs that frames are rebuilt into.
struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    private var state: UInt32 = 0xFFFF_FFFF

    mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let table = Self.table
        for byte in bytes {
            state = table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8)
        }
    }

    var value: UInt32 { state ^ 0xFFFF_FFFF }

    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
