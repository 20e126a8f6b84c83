extension PlaybackReport {
    /// The report as one JSON object on one line (`tview --stats`): frames shown and skipped,
    /// loops, wall time, lateness (median and most), bytes, decode and render time.
    /// - Parameter peakResidentBytes: the process's peak resident memory, to report beside it.
    public func json(peakResidentBytes: Int) -> String {
        let sorted = lateness.sorted()
        var object = JSONObject()
        object.add("frames_shown", .number(Double(framesShown)))
        object.add("frames_skipped", .number(Double(framesSkipped)))
        object.add("loops_done", .number(Double(loopsDone)))
        object.add("wall_s", .number(Self.milliseconds(wall) / 1000))
        object.add("late_ms_p50", .number(sorted.isEmpty ? 0 : sorted[sorted.count / 2]))
        object.add("late_ms_max", .number(sorted.last ?? 0))
        object.add("bytes_written", .number(Double(bytesWritten)))
        object.add("decode_ms_total", .number(Self.milliseconds(decodeTime)))
        object.add("render_ms_total", .number(Self.milliseconds(renderTime)))
        object.add("peak_rss_mb", .number(Double(peakResidentBytes) / 1_048_576))
        object.add("fell_behind", .bool(fellBehind))
        if let least = tileLoopRatios.min(), let most = tileLoopRatios.max() {
            object.add("tile_loops", .number(Double(tileLoopRatios.count)))
            object.add("tile_loop_ratio_min", .number(least))
            object.add("tile_loop_ratio_max", .number(most))
        }
        return object.encoded
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
