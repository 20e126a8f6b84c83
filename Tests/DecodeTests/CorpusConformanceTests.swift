import Decode
import Foundation
import Testing

/// The conformance run over ../shared/corpus (skipped, with a message, where it is absent).
/// Every file must match the browser reference, except the ones listed in
/// `KnownDifferences`, each with its reason. A report goes to .build/conformance.md.
@Suite struct CorpusConformanceTests {
    @Test func corpusMatchesBrowserReference() throws {
        guard let corpus = TestPaths.corpus else {
            print("skipped: no corpus at ../shared/corpus (set TVIEW_CORPUS)")
            return
        }
        var checks: [CorpusCheck] = []
        for folder in ["gif", "apng", "png", "webp"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path)
            for name in names.sorted() where !name.hasSuffix(".json") {
                checks.append(CorpusCheck(corpus: corpus, relativePath: "\(folder)/\(name)"))
            }
        }
        var report = ["# Conformance against ../shared/corpus", ""]
        var exact = 0
        var close = 0
        for check in checks {
            switch check.outcome {
            case .exact:
                exact += 1
            case .close(let note):
                close += 1
                report.append("- close: `\(check.relativePath)`: \(note)")
            case .differs(let problem):
                let known = KnownDifferences.reasons[check.relativePath]
                report.append(
                    "- differs: `\(check.relativePath)`: \(problem)" + (known.map { " (known: \($0))" } ?? ""))
                #expect(known != nil, "\(check.relativePath): \(problem)")
            }
        }
        report.insert(
            "\(exact) exact, \(close) close, \(checks.count - exact - close) differ, of \(checks.count)", at: 2)
        let text = report.joined(separator: "\n") + "\n"
        try? text.write(
            to: TestPaths.repository.appendingPathComponent(".build/conformance.md"), atomically: true, encoding: .utf8)
        print(report[2])
        // A listed file that now matches should leave the list.
        for (path, _) in KnownDifferences.reasons {
            let check = checks.first { $0.relativePath == path }
            if case .differs = check?.outcome {
            } else if check != nil {
                Issue.record("\(path) matches now: remove it from KnownDifferences")
            }
        }
    }

    /// Every corpus animation's change rectangles hold every difference between its frames
    /// (disposal before the first frame, regions outside the canvas, frames that draw nothing).
    @Test func corpusChangeRectanglesHoldEveryDifference() throws {
        guard let corpus = TestPaths.corpus else { return }
        var checked = 0
        for folder in ["gif", "apng", "webp"] {
            let directory = corpus.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where !name.hasSuffix(".json") {
                // Files that do not open or break off are the conformance test's business.
                guard let image = try? AnimatedImage.open(path: directory.appendingPathComponent(name).path) else {
                    continue
                }
                checked += (try? ChangeCheck.verify(image)) ?? 0
            }
        }
        #expect(checked > 100)
    }

    /// Hostile files: each must open and decode, or fail with an error, and never crash or hang.
    @Test func badFilesFailCleanly() throws {
        guard let corpus = TestPaths.corpus else { return }
        let folder = corpus.appendingPathComponent("bad")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            do {
                let image = try AnimatedImage.open(path: folder.appendingPathComponent(name).path)
                var frames = 0
                while try image.nextFrame() != nil, frames < 4000 { frames += 1 }
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }
}
