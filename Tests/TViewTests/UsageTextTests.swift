import Foundation
import Testing

/// `--help` (the man page is made from the same text) and the README say the same usage: the
/// same examples, each with the same note, and the same keys.
@Suite struct UsageTextTests {
    /// (command, note) pairs of the README's shell block under "## Usage".
    private static func readmeExamples(_ readme: String) throws -> [[String]] {
        let section = try #require(readme.range(of: "## Usage\n\n```sh\n"))
        let block = readme[section.upperBound...]
        let end = try #require(block.range(of: "```"))
        return block[..<end.lowerBound].split(separator: "\n").map { line in
            let parts = line.split(separator: "#", maxSplits: 1)
            return [parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces)]
        }
    }

    /// (command, note) pairs of --help's "Usage:" paragraph: a command and its note on one line,
    /// or the note alone on the next, indented further.
    private static func helpExamples(_ help: String) throws -> [[String]] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "Usage:"))
        var pairs: [[String]] = []
        for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty }) {
            if line.hasPrefix("      ") {
                pairs[pairs.count - 1][1] = line.trimmingCharacters(in: .whitespaces)
            } else {
                let parts = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")
                let note = parts.dropFirst().joined(separator: "  ").trimmingCharacters(in: .whitespaces)
                pairs.append([parts[0], note])
            }
        }
        return pairs
    }

    @Test func theReadmeShowsTheUsageHelpShows() throws {
        let readme = try String(
            contentsOf: CommandRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0)
        let fromHelp = try Self.helpExamples(help.standardOutput)
        #expect(fromHelp.count >= 10)
        #expect(try Self.readmeExamples(readme) == fromHelp)
        // The keys: one paragraph in the help (wrapped), one line in the README.
        let paragraphs = help.standardOutput.components(separatedBy: "\n\n")
        let keys = try #require(paragraphs.first { $0.hasPrefix("Keys: ") })
        let sentence = keys.dropFirst("Keys: ".count).split(separator: "\n").joined(separator: " ")
        #expect(readme.contains("**Keys:** " + sentence), "the README's keys are not --help's: \(sentence)")
    }
}
