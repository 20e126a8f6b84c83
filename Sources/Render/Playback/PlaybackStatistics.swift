import Decode

/// What a run of the player did, for `--stats` and benchmarks.
public struct PlaybackStatistics: Sendable {
    public var framesShown = 0
    public var framesSkipped = 0
    public var loopsDone = 0
    /// From the first frame on screen to the end.
    public var wall: Duration = .zero
    /// How late each frame reached the screen after its deadline, in milliseconds.
    public var lateness: [Double] = []
    public var decodeTime: Duration = .zero
    public var renderTime: Duration = .zero
    public var bytesWritten = 0
    /// The process's peak resident memory (filled in by whoever runs the player).
    public var peakResidentBytes = 0
    /// Gallery tiles: each loop's time on screen over its nominal length (1 is exact).
    public var loopRatios: [Double] = []

    public init() {}

    /// One JSON object on one line.
    public var json: String {
        let sorted = lateness.sorted()
        let p50 = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let maximum = sorted.last ?? 0
        func number(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        return "{\"frames_shown\":\(framesShown),\"frames_skipped\":\(framesSkipped),\"loops_done\":\(loopsDone),"
            + "\"wall_s\":\(number(wall.milliseconds / 1000)),\"late_ms_p50\":\(number(p50)),\"late_ms_max\":\(number(maximum)),"
            + "\"bytes_written\":\(bytesWritten),\"decode_ms_total\":\(number(decodeTime.milliseconds)),"
            + "\"render_ms_total\":\(number(renderTime.milliseconds)),"
            + "\"peak_rss_mb\":\(number(Double(peakResidentBytes) / 1_048_576))"
            + (loopRatios.isEmpty
                ? ""
                : ",\"tile_loops\":\(loopRatios.count),\"tile_loop_ratio_min\":\(number(loopRatios.min()!)),"
                    + "\"tile_loop_ratio_max\":\(number(loopRatios.max()!))") + "}"
    }
}
