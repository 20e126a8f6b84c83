import Foundation

/// Runs the built `tview` binary (it sits beside the test bundle) and collects what it did.
struct CommandRunner {
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func sample(_ name: String) -> String {
        repository.appendingPathComponent("samples/good/\(name)").path
    }

    /// The tview executable of the build that runs these tests.
    static var executable: URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // The test binary may sit inside a .xctest bundle folder.
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("tview")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return repository.appendingPathComponent(".build/debug/tview")
    }

    /// Runs tview with `arguments`. `output`: where standard output goes instead of a pipe that
    /// is read back (`/dev/full`, say). A run still going after `timeout` is killed (SIGKILL
    /// shows as status 137 in `Result`), so a hang fails the test instead of stalling the suite.
    static func run(
        _ arguments: [String], input: Data? = nil, environment extra: [String: String] = [:], output: FileHandle? = nil,
        timeout: Double = 120, shell: Bool = false
    ) throws -> Result {
        let process = Process()
        // With `shell`, /bin/sh runs `arguments` (for names Foundation cannot pass).
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // What tview reads from the environment is set by each test, not inherited.
        for name in ["COLUMNS", "LINES", "NO_COLOR", "COLORTERM", "TMUX", "TMUX_PANE"] { environment[name] = nil }
        environment.merge(extra) { $1 }
        process.environment = environment
        let outputPipe = Pipe()
        let error = Pipe()
        process.standardOutput = output ?? outputPipe
        process.standardError = error
        let inputPipe = input == nil ? nil : Pipe()
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        try process.run()
        if output != nil { try outputPipe.fileHandleForWriting.close() }
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        if let input, let inputPipe {
            // tview may stop reading early (a refused stream): a closed pipe is no test failure.
            signal(SIGPIPE, SIG_IGN)
            try? inputPipe.fileHandleForWriting.write(contentsOf: input)
            try? inputPipe.fileHandleForWriting.close()
        }
        let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Closed here, not left to the pipes' release: Foundation keeps them past the run, and
        // the suite reached 1,430 open descriptors, where Foundation's `Process.run()` (Swift
        // 6.3) reads past glibc's listing of /proc/self/fd and the test process crashed once
        // (swift-corelibs-foundation#5472). About 50 at most now.
        try? outputPipe.fileHandleForReading.close()
        try? error.fileHandleForReading.close()
        return Result(
            status: process.terminationReason == .uncaughtSignal
                ? 128 + process.terminationStatus : process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs another program (a shell, mandoc) in `directory`; its status and everything it wrote
    /// to standard output and standard error, together.
    static func runTool(_ path: String, _ arguments: [String], in directory: URL? = nil) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try? output.fileHandleForReading.close()
        return (process.terminationStatus, text)
    }
}
