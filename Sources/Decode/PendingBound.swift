import Synchronization

/// A bound `show(at:)` asked for, handed from the player's thread to the one decoding, which
/// takes it up before its next frame (decoders that scale as they decode: video clips, JPEG).
final class PendingBound: Sendable {
    private let bound = Mutex<FrameBound?>(nil)

    /// Asks for `bound`, in place of any not yet taken.
    func ask(_ bound: FrameBound) {
        self.bound.withLock { $0 = bound }
    }

    /// The bound last asked for and not yet taken, once.
    func take() -> FrameBound? {
        bound.withLock { pending in
            defer { pending = nil }
            return pending
        }
    }
}
