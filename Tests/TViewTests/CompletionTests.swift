import Foundation
import Testing

/// The completion scripts `make install` puts in place, run by the real shells: each completes a
/// file name, an option and an option's values, and none offers a `help` subcommand (tview has
/// none). The shells are Debian packages that `make deps` installs.
@Suite(.serialized) struct CompletionTests {
    static let helpers = CommandRunner.repository.appendingPathComponent("Tests/TViewTests/Completion")
    static let samples = CommandRunner.repository.appendingPathComponent("samples/good")

    /// The completions `shell` offers for `line`, typed in samples/good.
    private func complete(_ line: String, shell: String) throws -> [String] {
        let script = try CommandRunner.run(["--generate-completion-script", shell])
        #expect(script.status == 0)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tview-completion-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(shell == "zsh" ? "_tview" : "tview.\(shell)")
        try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        let run: (status: Int32, output: String)
        switch shell {
        case "bash":
            run = try CommandRunner.runTool(
                "/bin/bash", [Self.helpers.appendingPathComponent("bash-complete.sh").path, file.path, line],
                in: Self.samples)
        case "zsh":
            run = try CommandRunner.runTool(
                "/usr/bin/zsh",
                ["-f", Self.helpers.appendingPathComponent("zsh-complete.zsh").path, folder.path, line],
                in: Self.samples)
        default:
            run = try CommandRunner.runTool(
                "/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", file.path, line],
                in: Self.samples)
        }
        #expect(run.status == 0, "\(shell): \(run.output)")
        let text = run.output
        // fish adds a description after a tab.
        return text.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theShellCompletesFilesOptionsAndValues(shell: String) throws {
        #expect(try complete("tview demo-b", shell: shell) == ["demo-ball.gif"])
        #expect(try complete("tview --info demo-b", shell: shell) == ["demo-ball.gif"])
        #expect(try complete("tview --col", shell: shell) == ["--colors"])
        #expect(try complete("tview --pixels ", shell: shell).sorted() == ["auto", "iterm2", "kitty", "none", "sixel"])
        let afterFile = try complete("tview demo-ball.gif ", shell: shell)
        #expect(!afterFile.contains("help"), "\(shell) offers a help subcommand")
        #expect(afterFile.contains("gif-1x1.gif"))
        #expect(!(try complete("tview he", shell: shell)).contains("help"))
        #expect(!afterFile.contains { $0.hasPrefix("ERROR") }, "\(afterFile)")
    }
}
