import Foundation
import Testing

/// libavif and libjxl (and the 26 libraries they bring: AV1 encoders, abseil, highway, brotli,
/// lcms2) are opened only when a file needs them, so every other run starts without their
/// memory and loading time. The dynamic loader's own report (LD_DEBUG=files) says what it opened.
@Suite struct LibraryLoadingTests {
    private func librariesOpened(playing sample: String) throws -> (status: Int32, report: String) {
        let result = try CommandRunner.run(
            ["--size", "8x4", CommandRunner.sample(sample)], environment: ["LD_DEBUG": "files"])
        return (result.status, result.standardError)
    }

    @Test func aGIFOpensNeitherLibavifNorLibjxl() throws {
        let (status, report) = try librariesOpened(playing: "demo-ball.gif")
        #expect(status == 0)
        #expect(report.contains("libgif"), "the loader reported nothing: \(report.prefix(200))")
        #expect(!report.contains("libavif"))
        #expect(!report.contains("libjxl"))
        #expect(!report.contains("librav1e"))
    }

    @Test(arguments: [("avif-lossless-alpha.avif", "libavif"), ("jxl-lossless-alpha.jxl", "libjxl")])
    func aFileOfTheFormatOpensItsLibraryThen(sample: String, library: String) throws {
        let (status, report) = try librariesOpened(playing: sample)
        #expect(status == 0)
        let opening = report.split(separator: "\n").first { $0.contains("file=\(library).so") }
        #expect(opening?.contains("dynamically loaded") == true, "\(opening ?? "not opened")")
        let other = library == "libavif" ? "libjxl" : "libavif"
        #expect(!report.contains(other))
    }
}
