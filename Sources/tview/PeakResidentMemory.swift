import Glibc

/// The most memory this process has held resident, for `--stats`.
enum PeakResidentMemory {
    /// VmHWM from /proc/self/status: this program's own high-water mark. Not getrusage's
    /// ru_maxrss: it is kept across exec, and a child spawned by a large process (a test runner's
    /// posix_spawn shares the runner's memory until exec) reports the runner's peak instead of
    /// its own (CostlyInputTests saw 30 to 173 MB for tview's 25, depending on what the rest of
    /// the suite had allocated by then). Nil when /proc does not say.
    static func bytes() -> Int? {
        guard let status = procStatus() else { return nil }
        return highWaterMark(status: status)
    }

    /// /proc/self/status read with open/read: Foundation's file reading is the only thing tview
    /// would link Foundation (and ICU's data) for, which costs about 5 MB resident at start.
    private static func procStatus() -> String? {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The VmHWM line of a /proc/PID/status text, in bytes: "VmHWM:\t   25136 kB" (a tab, then
    /// spaces).
    static func highWaterMark(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        let fields = line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, fields[1] == "kB", let kilobytes = Int(fields[0]) else { return nil }
        return kilobytes * 1024
    }
}
