import Foundation
import Picture
import Terminal
import TestSupport
import Testing

/// docs/terminals.md's "What tview asks the terminal" table says what `KnownTerminals` holds,
/// row for row and in order, so neither changes without the other.
@Suite struct KnownTerminalsReadmeTests {
    static func row(_ entry: KnownTerminals.Entry) -> String {
        let name = entry.name.isEmpty ? "any other" : entry.name
        let version = entry.minimum.isEmpty ? "any" : entry.minimum.map(String.init).joined(separator: ".")
        return "| \(name) | \(version) | \(entry.symbols.rawValue) | \(entry.wedges ? "yes" : "no") | \(entry.reason) |"
    }

    @Test func theReadmeTableIsTheKnownTerminalsTable() throws {
        let readme = try String(contentsOfFile: RepositoryPaths.repository + "/docs/terminals.md", encoding: .utf8)
        let lines = readme.split(separator: "\n").map(String.init)
        let header = try #require(
            lines.firstIndex(of: "| terminal | from version | block symbols it draws | wedges | why |"))
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
        #expect(Array(rows) == (KnownTerminals.entries + [KnownTerminals.fallback]).map(Self.row))
    }
}
