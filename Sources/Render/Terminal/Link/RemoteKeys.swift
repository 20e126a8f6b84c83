public import Playback

/// Keys sent by the program that plays, not typed: a library's controls (pause, step, speed,
/// stop) written as one byte each to a pipe the event source polls beside the terminal, so they
/// act at once from any thread, as keys do.
public enum RemoteKeys {
    /// The keys that can be sent, by their byte (their place here).
    static let keys: [PlayerKey] = [
        .pauseResume, .stepForward, .stepBack, .faster, .slower, .normalSpeed, .restart, .quit,
    ]

    /// The byte that sends `key`; nil for a key that cannot be sent.
    public static func byte(for key: PlayerKey) -> UInt8? {
        keys.firstIndex(of: key).map { UInt8($0) }
    }

    /// The key `byte` sends; nil for a byte that sends none.
    static func key(for byte: UInt8) -> PlayerKey? {
        Int(byte) < keys.count ? keys[Int(byte)] : nil
    }
}
