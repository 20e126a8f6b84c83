import Foundation
import Testing

/// What file managers and fuzzy finders rely on when they call `tview --size WxH FILE` for a
/// preview pane (README, "In the shell and in file managers"): with standard output not a terminal, the first frame in at
/// most H lines of at most W cells, filling the box in one dimension (a picture smaller than the
/// box: enlarged by a whole factor), nothing but SGR colours, ending with a reset; exit 0.
@Suite struct PreviewContractTests {
    static let sizes = [(40, 10), (23, 7), (120, 12), (1, 1)]

    /// The lines of `output` with their SGR sequences taken out; nil when anything else that
    /// acts on a terminal is in it.
    static func plainLines(_ output: String) -> [String]? {
        var lines: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            var plain = ""
            var scalars = line.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "\u{1B}" else {
                    guard scalar.value >= 0x20, scalar.value != 0x7F else { return nil }
                    plain.unicodeScalars.append(scalar)
                    continue
                }
                // ESC [ digits and semicolons, ending in m: colours and attributes only.
                guard scalars.next() == "[" else { return nil }
                var final: Unicode.Scalar?
                while let next = scalars.next() {
                    if next == ";" || ("0"..."9").contains(next) { continue }
                    final = next
                    break
                }
                guard final == "m" else { return nil }
            }
            lines.append(plain)
        }
        return lines
    }

    @Test(arguments: ["--symbols=half", "--symbols=octant"])
    func everySampleFitsThePaneAndWritesOnlyColours(option: String) throws {
        let folder = CommandRunner.repository.appendingPathComponent("samples/good")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 25)
        for name in names {
            for (width, height) in Self.sizes {
                let result = try CommandRunner.run(
                    ["--size", "\(width)x\(height)", option, folder.appendingPathComponent(name).path], timeout: 30)
                let label = "\(name) \(width)x\(height) \(option)"
                #expect(result.status == 0, "\(label): \(result.standardError)")
                #expect(result.standardOutput.hasSuffix("\u{1B}[0m\n"), "\(label)")
                let lines = try #require(Self.plainLines(result.standardOutput), "\(label): not only SGR")
                // Every character these sets use takes one cell.
                let widest = lines.map { $0.unicodeScalars.count }.max() ?? 0
                #expect(!lines.isEmpty && lines.count <= height && widest <= width, "\(label)")
                guard lines.count != height && widest != width else { continue }
                // Not filling the box: a small picture, enlarged by a whole factor (pixel art stays
                // sharp; DisplayFit picks the largest that fits), as --no-upscale's size shows.
                let small = try CommandRunner.run(
                    ["--size", "\(width)x\(height)", option, "--no-upscale", folder.appendingPathComponent(name).path])
                let base = try #require(Self.plainLines(small.standardOutput))
                let baseWidth = base.map { $0.unicodeScalars.count }.max() ?? 1
                let factor = widest / max(1, baseWidth)
                #expect(factor >= 1 && widest == factor * baseWidth, "\(label): \(widest) from \(baseWidth)")
                // Rows hold two or more of the picture's pixel rows: an odd last one rounds up.
                let rows = (factor * (2 * base.count - 1) + 1) / 2...factor * base.count
                #expect(rows.contains(lines.count), "\(label): \(lines.count) rows from \(base.count)")
                #expect(baseWidth < width && base.count < height, "\(label): the picture is not small")
            }
        }
    }
}
