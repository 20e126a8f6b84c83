import Foundation
import TestSupport
import TViewKit
import Testing

/// `Animation` as a program using the library sees it: a cursor over a source's frames (a file,
/// bytes, a numbered sequence, a sprite sheet), its facts, and errors that say their stage.
@Suite struct AnimationTests {
    /// gif-disposal-2.gif: 16x12, three frames of 100, 200 and 300 ms, loop count 0; its
    /// composited frames are samples/expected/gif-disposal-2.rgba (made by make_samples.py's
    /// own model).
    @Test func framesComeInOrderWithTheirNumbersDurationsAndPixels() throws {
        let animation = try Animation(.file(path: RepositoryPaths.sample("gif-disposal-2.gif")))
        #expect(animation.formatName == "GIF" && animation.width == 16 && animation.height == 12)
        #expect(animation.frameCount == nil)  // a GIF states none: known after a pass
        let expected = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.repository + "/samples/expected/gif-disposal-2.rgba"))
        )
        var frames: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { frames.append(frame) }
        #expect(frames.map(\.number) == [1, 2, 3])
        #expect(frames.map(\.duration) == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
        for (index, frame) in frames.enumerated() {
            let size = 16 * 12 * 4
            #expect(frame.rgba == Array(expected[index * size..<(index + 1) * size]), "frame \(index + 1)")
        }
        #expect(animation.frameCount == 3 && animation.plays == nil && !animation.isTruncated)
        try animation.rewind()
        #expect(try animation.nextFrame()?.number == 1)
        // Frame 2 by number; past the end, the last one with its own number.
        #expect(try animation.frame(2).duration == .milliseconds(200))
        let last = try animation.frame(9)
        #expect(last.number == 3 && last.rgba == Array(expected[2 * 768..<3 * 768]))
    }

    @Test func bytesOpenAsTheFileDoes() throws {
        let path = RepositoryPaths.sample("demo-ball.gif")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let fromFile = try Animation(.file(path: path))
        let fromBytes = try Animation(.bytes(bytes, name: "ball"))
        #expect(fromBytes.name == "ball")
        for _ in 0..<5 {
            let a = try #require(try fromFile.nextFrame()), b = try #require(try fromBytes.nextFrame())
            #expect(a.rgba == b.rgba && a.duration == b.duration && a.number == b.number)
        }
    }

    /// Numbered files play at the rate given; a sheet's cells are its frames, left to right.
    @Test func aSequenceAndASheetPlayAtTheRateGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tviewkit-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.sample("png-still-alpha.png")))
        for number in 1...3 { try png.write(to: folder.appendingPathComponent(String(format: "f%03d.png", number))) }
        let sequence = try Animation(.sequence(pattern: folder.path + "/f%03d.png", framesPerSecond: 10))
        var durations: [Duration] = []
        while let frame = try sequence.nextFrame() { durations.append(frame.duration) }
        #expect(durations == Array(repeating: .milliseconds(100), count: 3))
        #expect(
            try AnimationSource.named(folder.path + "/f%03d.png", framesPerSecond: 10)
                == .sequence(
                    pattern: folder.path + "/f%03d.png", framesPerSecond: 10))

        let still = try Animation(.file(path: RepositoryPaths.sample("png-still-alpha.png")))
        let whole = try still.frame(1)
        let sheet = try Animation(
            .spriteSheet(
                path: RepositoryPaths.sample("png-still-alpha.png"), layout: .grid(columns: 2, rows: 1),
                framesPerSecond: 4))
        let left = try #require(try sheet.nextFrame()), right = try #require(try sheet.nextFrame())
        #expect(try sheet.nextFrame() == nil)
        #expect(left.width == whole.width / 2 && left.height == whole.height && left.duration == .milliseconds(250))
        // The right cell's first row is the picture's first row from the cell's width on.
        let row = Array(whole.rgba[0..<whole.width * 4])
        #expect(Array(right.rgba[0..<right.width * 4]) == Array(row[right.width * 4..<right.width * 8]))
    }

    /// Opening fails as `.open`; data that does not decode as `.decode`.
    @Test func errorsSayTheirStage() throws {
        #expect(throws: TViewError.self) { try Animation(.file(path: "/nonexistent/tview.gif")) }
        do {
            _ = try Animation(.file(path: "/nonexistent/tview.gif"))
        } catch {
            guard case .open(let reason) = error else { Issue.record("\(error)"); return }
            #expect(!reason.isEmpty && !reason.contains("\n"))
        }
        do {
            _ = try Animation(.bytes(Array("not an image at all".utf8), name: "text"))
            Issue.record("a text opened")
        } catch {
            #expect(error.description.contains("not a"), "\(error)")
            if case .open = error {} else { Issue.record("\(error)") }
        }
        do {
            _ = try Animation(.sequence(pattern: "x%04d.png", framesPerSecond: 0))
            Issue.record("0 fps opened")
        } catch {
            if case .open = error {} else { Issue.record("\(error)") }
        }
        // A GIF cut inside its first image: the header opens, the frame does not decode.
        let gif = try [UInt8](Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.sample("demo-ball.gif"))))
        let cut = try Animation(.bytes(Array(gif.prefix(600)), name: "cut.gif"))
        do {
            _ = try cut.nextFrame()
            Issue.record("a frame decoded")
        } catch {
            if case .decode = error {} else { Issue.record("\(error)") }
        }
    }
}
