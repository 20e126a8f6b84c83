import Foundation

/// The most memory this process has held resident, for `--stats`.
enum PeakResidentMemory {
    /// VmHWM from /proc/self/status: this program's own high-water mark. getrusage's ru_maxrss
    /// is kept across exec, so a child spawned by a large process (a test runner: posix_spawn
    /// shares its memory until exec) reported the parent's size (176 MB for tview's 15).
    static func bytes() -> Int? {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.dropFirst("VmHWM:".count).split(separator: " ").first ?? "")
        {
            return kilobytes * 1024
        }
        var usage = rusage()
        return getrusage(RUSAGE_SELF.rawValue, &usage) == 0 ? usage.ru_maxrss * 1024 : nil
    }
}
