import Decode
import Synchronization

/// Work on a picture split into bands of rows, run on the processors at once: a big first frame
/// in mosaic symbols is ready in about half the time on two. Each band must write only its own
/// rows; small work stays on the calling thread (starting threads would cost more). Only for
/// pictures someone waits for: while playing, frames are prepared ahead and threads woken for
/// every frame cost more CPU than they save (measured: sextants at 160x48 from 22 % to 35 %).
///
/// The helpers are threads of their own, made for the picture: Dispatch's pool on Linux adds
/// its threads late (its second thread took its first band 0.9 to 1.8 ms after the start,
/// measured on med.gif's first frame, itself 5 ms on one processor), which left the first
/// picture mostly on one. A new thread can start as late on a virtual machine, so a thread
/// standing by (`StandbyThread`, the first frame's decoder) is taken first.
enum ParallelBands {
    static let processors = ProcessorCount.online

    /// `body` for consecutive ranges covering 0..<rows, at once when `work` (a rough count of
    /// operations) is worth it; on `threads` where given (tests: more than the processors), the
    /// thread standing by at `standby` one of them. With `decoderBusy` (the picture is worked out
    /// behind a decoder still drawing it, `GrowingCanvas`), the decoder's thread is one of them
    /// once it stands by: none is made in its place, and its processor is left to it meanwhile.
    static func run(
        rows: Int, work: Int, parallel: Bool, threads forced: Int? = nil, standby: StandbyThread = .shared,
        decoderBusy: Bool = false, _ body: @Sendable (Range<Int>) -> Void
    ) {
        let threads = forced.map { min($0, rows) } ?? (parallel ? min(processors, 4, rows, max(1, work / 200_000)) : 1)
        guard threads > 1 else {
            body(0..<rows)
            return
        }
        // Four bands a thread, taken as threads come free: one held up (by another process on
        // its processor, or started late) leaves its bands to the others. Eight behind a decoder,
        // whose thread is asked for between bands.
        let bands = min(rows, threads * (decoderBusy ? 8 : 4))
        let next = BandCounter()
        withoutActuallyEscaping(body) { body in
            // The next band not yet taken, worked out; false once none is left.
            let takeBand: @Sendable () -> Bool = {
                let band = next.take()
                guard band < bands else { return false }
                body(rows * band / bands..<rows * (band + 1) / bands)
                return true
            }
            let takeBands: @Sendable () -> Void = { while takeBand() {} }
            // A thread standing by after the first frame's decode is one helper, already awake.
            var claimed = standby.claim(takeBands)
            let awaited = decoderBusy && claimed == nil
            let helpers = ((claimed == nil && !awaited ? 1 : 2)..<threads).compactMap { _ in BackgroundWorker() }
            for helper in helpers { helper.start(takeBands) }
            repeat {
                // The decoder's thread, asked for again between bands until it stands by.
                if awaited && claimed == nil { claimed = standby.claim(takeBands) }
            } while takeBand()
            claimed?.wait()
            for helper in helpers { helper.wait() }
        }
    }
}

/// The next band to take, shared by the threads of one `ParallelBands.run` (a class: an
/// `Atomic` cannot be copied into the closures the threads run).
private final class BandCounter: Sendable {
    private let next = Atomic<Int>(0)

    func take() -> Int { next.add(1, ordering: .relaxed).oldValue }
}

/// A pointer handed to `ParallelBands` bands, each of which writes a part no other touches.
struct SharedPointer<Pointee>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pointee>
}
