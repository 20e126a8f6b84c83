import Glibc

/// A POSIX semaphore, starting at zero: one thread signals, another waits. It orders memory, so
/// what was written before `signal` is seen after the `wait` it ends. The `sem_t` lives apart
/// from this object, so the threads never share an inout access to a stored property.
public final class Semaphore: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    public init() {
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    public func signal() {
        sem_post(semaphore)
    }

    /// Blocks until signalled (a signal handler's interruption is waited through).
    public func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }
}
