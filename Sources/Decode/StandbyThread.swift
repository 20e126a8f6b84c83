import Glibc
import Synchronization

/// Where a thread that has just done start-up work (the first frame's decode) stays awake a few
/// milliseconds for the first picture's bands (`ParallelBands`), to be taken instead of a thread
/// made then.
///
/// Why: on a virtual machine a thread made for the first picture started its first band 0.8 to
/// 1.8 ms after it was made (the idle processor has to be woken), which left most of med.gif's
/// first picture, 6 ms of work, on one processor. A thread that is still running has no such
/// delay. It waits by yielding, so it costs processor time: at most `standBy`'s limit, once.
public final class StandbyThread: Sendable {
    /// The one the player's threads use; tests make their own.
    public static let shared = StandbyThread()

    private let offered = Mutex<Offer?>(nil)

    public init() {}

    /// Offers the calling thread for up to `limit`: runs the job handed over in that time, if
    /// one is, and returns when it is done or when none came. `whenOffered` runs once the offer
    /// is up (to hand over the work a job will be asked for).
    public func standBy(upTo limit: Duration, whenOffered: () -> Void = {}) {
        let offer = Offer()
        offered.withLock { $0 = offer }
        whenOffered()
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if offer.state.load(ordering: .acquiring) == Offer.handedOver {
                offer.run()
                return
            }
            if clock.now >= deadline {
                offered.withLock { if $0 === offer { $0 = nil } }
                let withdrawn = offer.state.compareExchange(
                    expected: Offer.waiting, desired: Offer.withdrawn, ordering: .acquiringAndReleasing
                ).exchanged
                // Not withdrawn: a job was handed over meanwhile, and the next turn runs it.
                if withdrawn { return }
            }
            sched_yield()
        }
    }

    /// Hands `job` to the thread standing by, if there is one: `wait` on the result before
    /// using what the job wrote. Nil when none is (the caller makes a thread or does the work).
    public func claim(_ job: @escaping @Sendable () -> Void) -> Claim? {
        guard
            let offer = offered.withLock({ offered in
                defer { offered = nil }; return offered
            })
        else { return nil }
        return offer.take(job) ? Claim(offer: offer) : nil
    }

    /// A job handed over.
    public struct Claim {
        fileprivate let offer: Offer

        /// Blocks until the job has run.
        public func wait() { offer.waitUntilRun() }
    }

    /// One thread's offer: taken once, or withdrawn.
    fileprivate final class Offer: @unchecked Sendable {
        static let waiting = 0, handedOver = 1, withdrawn = 2
        let state = Atomic<Int>(waiting)
        /// Written by `take` before the state becomes `handedOver` (releasing), read by the
        /// standing thread after it sees that state (acquiring).
        private var job: (@Sendable () -> Void)?
        private let finished = Semaphore()

        func take(_ job: @escaping @Sendable () -> Void) -> Bool {
            self.job = job
            let taken = state.compareExchange(
                expected: Self.waiting, desired: Self.handedOver, ordering: .acquiringAndReleasing
            )
            .exchanged
            // Withdrawn: the standing thread is gone, and the job must not outlive the caller's
            // hold on it (`withoutActuallyEscaping`).
            if !taken { self.job = nil }
            return taken
        }

        func run() {
            job?()
            job = nil
            finished.signal()
        }

        func waitUntilRun() { finished.wait() }
    }
}
