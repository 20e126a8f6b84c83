import Synchronization

/// A count several threads may add to.
public final class Counter: Sendable {
    private let count = Mutex(0)

    public init() {}

    public func increment() { count.withLock { $0 += 1 } }

    public var value: Int { count.withLock { $0 } }
}
