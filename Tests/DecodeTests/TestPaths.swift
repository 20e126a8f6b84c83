import Foundation

/// Where the repository and the shared corpus are, found from this file's own path so tests
/// run from any working directory.
enum TestPaths {
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let samples = repository.appendingPathComponent("samples")

    /// `TVIEW_CORPUS`, else `../shared/corpus` beside the repository; nil when absent.
    static var corpus: URL? {
        let candidate =
            ProcessInfo.processInfo.environment["TVIEW_CORPUS"].map { URL(fileURLWithPath: $0) }
            ?? repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return candidate
    }
}
