import Foundation
import TestSupport
import Testing

/// The controlling terminal is opened in one place (`ControllingTerminal`): any other opener
/// would be a second reader of keys and answers, or a second writer around the paced one.
@Suite struct ControllingTerminalTests {
    @Test func noSourceOpensTheTerminalOutsideControllingTerminal() throws {
        let sources = RepositoryPaths.repository + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: sources)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("/ControllingTerminal.swift") }
        #expect(files.count > 100)
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("\"/dev/tty\"") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                offenders.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
