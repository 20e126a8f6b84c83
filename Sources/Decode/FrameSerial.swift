import Synchronization

/// Hands out frame serials, unique in the process (files may decode on two threads).
enum FrameSerial {
    private static let last = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        last.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
