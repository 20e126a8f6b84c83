import Decode
import Playback

extension PlaybackStatistics {
    /// `--stats`: one JSON object on one line.
    var json: String {
        let sorted = lateness.sorted()
        var object = JSONObject()
        object.add("frames_shown", .number(Double(framesShown)))
        object.add("frames_skipped", .number(Double(framesSkipped)))
        object.add("loops_done", .number(Double(loopsDone)))
        object.add("wall_s", .number(wall.milliseconds / 1000))
        object.add("late_ms_p50", .number(sorted.isEmpty ? 0 : sorted[sorted.count / 2]))
        object.add("late_ms_max", .number(sorted.last ?? 0))
        object.add("bytes_written", .number(Double(bytesWritten)))
        object.add("decode_ms_total", .number(decodeTime.milliseconds))
        object.add("render_ms_total", .number(renderTime.milliseconds))
        object.add("peak_rss_mb", .number(Double(peakResidentBytes) / 1_048_576))
        if let least = loopRatios.min(), let most = loopRatios.max() {
            object.add("tile_loops", .number(Double(loopRatios.count)))
            object.add("tile_loop_ratio_min", .number(least))
            object.add("tile_loop_ratio_max", .number(most))
        }
        return object.encoded
    }
}
