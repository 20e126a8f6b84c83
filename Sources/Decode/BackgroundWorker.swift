import Glibc

/// One background thread that runs one job at a time: the player's decode-ahead, so the next
/// frame is decoded and downsampled while the current one is written to the terminal, a
/// sequence's next files decoded on the other processors, and the bands of a picture someone
/// waits for (`ParallelBands`).
///
/// Hand-over is by semaphores, which order memory: what the job wrote is visible after `wait`,
/// what the caller wrote before `start` is visible to the job. The caller must not touch what a
/// job uses between `start` and `wait`; that is the whole contract (hence `@unchecked`).
public final class BackgroundWorker: @unchecked Sendable {
    private var thread = pthread_t()
    private let jobReady = Semaphore()
    private let jobDone = Semaphore()
    private var job: (() -> Void)?
    private var stopping = false
    /// A job was started and not yet waited for.
    public private(set) var isBusy = false

    /// Nil when no thread can be made (the caller then does the work itself).
    ///
    /// The thread takes no signals (nor do threads a library makes on it): they all go to the
    /// main thread, which handles them first thing when it runs again. A signal that ends tview
    /// while it is stopped (Ctrl-Z, then `kill %1`) must be seen before the main thread touches
    /// the terminal, or the terminal, now the shell's, would stop tview again (SIGTTOU).
    public init?() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        guard
            pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<BackgroundWorker>.fromOpaque(context!).takeUnretainedValue().serve()
                    return nil
                }, context) == 0
        else { return nil }
    }

    deinit {
        wait()
        stopping = true
        jobReady.signal()
        pthread_join(thread, nil)
    }

    /// Runs `job` on the thread. Only one at a time: waits for the previous one first.
    public func start(_ job: @escaping () -> Void) {
        wait()
        self.job = job
        isBusy = true
        jobReady.signal()
    }

    /// Blocks until the job started last has finished (returns at once when there is none).
    public func wait() {
        guard isBusy else { return }
        jobDone.wait()
        isBusy = false
    }

    private func serve() {
        while true {
            jobReady.wait()
            if stopping { return }
            job?()
            job = nil
            jobDone.signal()
        }
    }
}
