import Foundation
import Testing

/// A file cut short while tview plays it (a download still being written, an editor saving):
/// tview must never die of it. What decoded plays on and the change is reported once.
@Suite struct ChangingFileTests {
    /// Plays a copy of `sample` as ANSI on a pipe and empties the file as soon as the first frame
    /// arrives (frames are 80 ms and more apart: later frames are read after the cut).
    private func playAndCut(_ sample: String) throws -> CommandRunner.Result {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tview-cut-\(getpid())-\(sample)"
        ).path
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: CommandRunner.sample(sample), toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["--animate", "--loops", "2", "-t", "10", "--size", "8x4", copy]
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let first = output.fileHandleForReading.availableData
        #expect(!first.isEmpty)
        try Data().write(to: URL(fileURLWithPath: copy))
        _ = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // As CommandRunner.run does: Foundation keeps the pipes open past the run.
        try? output.fileHandleForReading.close()
        try? error.fileHandleForReading.close()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return CommandRunner.Result(status: status, standardOutput: "", standardError: errorText)
    }

    @Test func aWebPEmptiedWhilePlayingIsReportedNotACrash() throws {
        // The WebP is mapped: reading past the new end raised SIGBUS (status 135).
        let result = try playAndCut("webp-lossless-alpha.webp")
        #expect([0, 1].contains(result.status), "status \(result.status): \(result.standardError)")
        #expect(result.standardError.contains("changed while it was read"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
    }

    @Test func aGIFEmptiedWhilePlayingIsReportedNotACrash() throws {
        let result = try playAndCut("demo-ball.gif")
        #expect([0, 1].contains(result.status), "status \(result.status): \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count <= 1, "\(result.standardError)")
    }
}
