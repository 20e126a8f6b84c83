import Foundation

/// For hunting a test that once failed now and then (e2e/flake_hunt.py): how many copies of it
/// run in one suite (TVIEW_TEST_REPEAT, else 1), so they run beside the rest of the suite in the
/// same runner as the flake did; and what each copy measured, appended to TVIEW_TEST_LOG.
public enum Repetition {
    public static var runs: [Int] {
        let count = ProcessInfo.processInfo.environment["TVIEW_TEST_REPEAT"].flatMap { Int($0) } ?? 1
        return Array(1...max(1, count))
    }

    /// Appends `line` to TVIEW_TEST_LOG when it is set (O_APPEND: copies write at once).
    public static func record(_ line: String) {
        guard let path = ProcessInfo.processInfo.environment["TVIEW_TEST_LOG"] else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
