import Glibc

/// A counting semaphore with a timed wait, for tests that check two threads overlap (no
/// Foundation or Dispatch needed).
public final class DispatchSemaphoreLike: @unchecked Sendable {
    private var semaphore = sem_t()

    public init() { sem_init(&semaphore, 0, 0) }

    deinit { sem_destroy(&semaphore) }

    public func signal() { sem_post(&semaphore) }

    /// True when signalled within the time, false when it ran out.
    public func wait(timeoutSeconds: Int) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += timeoutSeconds
        while sem_timedwait(&semaphore, &deadline) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }
}
