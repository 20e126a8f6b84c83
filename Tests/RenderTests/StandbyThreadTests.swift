import Decode
import Glibc
import Synchronization
import Testing

@testable import Picture

@Suite struct StandbyThreadTests {
    /// With no thread standing by there is nothing to claim; a thread whose standing by ended
    /// without a job is not claimed either, and the job it was not given is not run.
    @Test func nothingToClaimWithoutAThreadStandingBy() {
        let standby = StandbyThread()
        let ran = Atomic<Bool>(false)
        #expect(standby.claim { ran.store(true, ordering: .relaxed) } == nil)
        standby.standBy(upTo: .zero)
        #expect(standby.claim { ran.store(true, ordering: .relaxed) } == nil)
        let wasRun = ran.load(ordering: .relaxed)
        #expect(!wasRun)
    }

    /// A job handed to the thread standing by runs on that thread, once, and its work is seen
    /// after `wait`; the thread's standing by then ends, long before its limit.
    @Test func aClaimedThreadRunsTheJobAndReturns() {
        let standby = StandbyThread()
        let worker = BackgroundWorker()!
        let standingThread = Mutex<pthread_t?>(nil)
        worker.start {
            standingThread.withLock { $0 = pthread_self() }
            standby.standBy(upTo: .seconds(10))
        }
        // Claimed as soon as the offer is up (the worker publishes it at once; the limits are
        // for a failure only).
        var claim: StandbyThread.Claim?
        let ranOn = Mutex<[pthread_t]>([])
        let start = ContinuousClock.now
        while claim == nil && ContinuousClock.now - start < .seconds(10) {
            claim = standby.claim { ranOn.withLock { $0.append(pthread_self()) } }
        }
        #expect(claim != nil)
        claim?.wait()
        worker.wait()
        let ran = ranOn.withLock { $0 }
        #expect(ran.count == 1)
        #expect(ran.first.map { pthread_equal($0, standingThread.withLock { $0! }) != 0 } == true)
        #expect(standby.claim {} == nil, "an offer is taken once")
    }

    /// Bands run with a thread standing by: every row once, and the standing thread's offer is
    /// taken (its standing by ends with the picture, far from its limit).
    @Test func bandsTakeTheThreadStandingBy() {
        let standby = StandbyThread()
        let worker = BackgroundWorker()!
        let ended = Atomic<Bool>(false)
        let start = ContinuousClock.now
        worker.start {
            standby.standBy(upTo: .seconds(30))
            ended.store(true, ordering: .releasing)
        }
        let rows = 48
        // Until the offer is up and taken: the first rounds may come before the worker offers.
        while !ended.load(ordering: .acquiring) && ContinuousClock.now - start < .seconds(10) {
            let seen = Mutex([Int](repeating: 0, count: rows))
            ParallelBands.run(rows: rows, work: 0, parallel: true, threads: 2, standby: standby) { band in
                seen.withLock { counts in
                    for row in band { counts[row] += 1 }
                }
            }
            #expect(seen.withLock { $0 } == [Int](repeating: 1, count: rows))
        }
        let standingEnded = ended.load(ordering: .acquiring)
        #expect(standingEnded, "taken, not withdrawn at the limit")
        worker.wait()
    }
}
