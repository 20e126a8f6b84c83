/// Status answers that reached tview together, with the frames they acknowledge: one
/// throughput sample for the pacer, taken over the whole time the link carried those frames.
struct AnswerBatch: Sendable {
    /// When the first of the frames began to reach the screen.
    var began: Duration
    /// The frames' bytes so far.
    var bytes: Int
    /// The first frame was sent while the link was still busy with the one before it.
    var linkWasBusy: Bool
    /// The pacer's estimates before this batch, which its one sample is smoothed into.
    var throughputBefore: Double?
    var capacityBefore: Double?
}
