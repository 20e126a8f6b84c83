import Graphics
import Foundation
import Testing

@testable import Decode

/// Image sequences (printf patterns, folders, globs, ranges; missing and broken frames) and
/// sprite sheets decode to the pictures they are made of.
@Suite struct FrameSourceTests {
    /// A 32x24 picture filled with a colour of its own.
    static func picture(_ seed: Int, width: Int = 32, height: Int = 24) -> RGBAImage {
        RGBAImage(width: width, height: height, fill: RGBA(r: UInt8(seed * 40 % 256), g: UInt8(seed * 90 % 256), b: 77))
    }

    /// A fresh folder.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tview-seq-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// img-0001.png … img-0006.png, but 4 missing and 5 not an image; plus files that are no frames.
    static func sequenceFolder() throws -> String {
        let folder = try folder()
        for number in [1, 2, 3, 6] {
            try PNGFile.write(picture(number), to: "\(folder)/img-\(String(format: "%04d", number)).png")
        }
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: "\(folder)/img-0005.png"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: "\(folder)/readme.txt"))
        try PNGFile.write(picture(9), to: "\(folder)/cover.png")
        return folder
    }

    static func frames(_ image: AnimatedImage) throws -> [Frame] {
        var frames: [Frame] = []
        while let frame = try image.nextFrame() { frames.append(frame) }
        return frames
    }

    @Test(arguments: ["img-%04d.png", "", "img-*.png"])
    func aSequencePlaysItsFilesInOrderAndCoversGaps(naming: String) throws {
        let folder = try Self.sequenceFolder()
        let argument = naming.isEmpty ? folder : "\(folder)/\(naming)"
        let sequence = try #require(try FrameSequence.find(argument))
        #expect(sequence.members.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(sequence.members[3].path == nil)
        if naming != "img-*.png" { #expect(sequence.padding == 4) }
        let image = try AnimatedImage.open(sequence: sequence, frameDuration: .milliseconds(40))
        #expect(image.source == .sequence(files: 6) && image.frameCount == 6 && image.totalPlays == nil)
        let frames = try Self.frames(image)
        // 4 is missing and 5 broken: each shows the frame before it.
        let expected = [1, 2, 3, 3, 3, 6].map { Self.picture($0) }
        #expect(frames.map(\.image) == expected)
        #expect(frames.allSatisfy { $0.duration == .milliseconds(40) })
        #expect(image.warnings.count == 2)
        #expect(image.warnings[0].contains("frame 4") && image.warnings[1].contains("frame 5"))
        // Again from the start: the same frames, no new warnings.
        try image.rewind()
        #expect(try Self.frames(image).map(\.image) == expected)
        #expect(image.warnings.count == 2)
    }

    /// Files passed over (a late player) are not decoded and the next frame is the right file's,
    /// whatever was decoded ahead; the pass's frames are still all there after a rewind.
    @Test func skippedFilesLeaveTheRightFrameNext() throws {
        let folder = try Self.folder()
        for number in 1...8 {
            try PNGFile.write(Self.picture(number), to: "\(folder)/f\(number).png")
        }
        let sequence = try #require(try FrameSequence.find("\(folder)/f%d.png"))
        let image = try AnimatedImage.open(sequence: sequence, frameDuration: .milliseconds(40))
        var shown: [RGBAImage] = []
        shown.append(try #require(try image.nextFrame()).image)  // 1; 2 and 3 decode ahead
        #expect(image.skipFrame() == .milliseconds(40))  // 2
        #expect(image.skipFrame() == .milliseconds(40))  // 3
        #expect(image.skipFrame() == .milliseconds(40))  // 4
        shown.append(try #require(try image.nextFrame()).image)  // 5
        shown.append(try #require(try image.nextFrame()).image)  // 6
        #expect(image.skipFrame() == .milliseconds(40))  // 7
        shown.append(try #require(try image.nextFrame()).image)  // 8
        #expect(image.skipFrame() == nil)
        #expect(try image.nextFrame() == nil)
        #expect(shown == [1, 5, 6, 8].map { Self.picture($0) })
        try image.rewind()
        #expect(try Self.frames(image).map(\.image) == (1...8).map { Self.picture($0) })
    }

    @Test func aRangeKeepsItsFramesAndAnEmptyOneIsAnError() throws {
        let folder = try Self.sequenceFolder()
        let sequence = try #require(try FrameSequence.find("\(folder)/img-%04d.png", range: 2...3))
        #expect(sequence.members.map(\.number) == [2, 3])
        #expect(throws: DecodeError.self) { try FrameSequence.find("\(folder)/img-%04d.png", range: 40...50) }
        #expect(throws: DecodeError.self) { try FrameSequence.find("\(folder)/none-%04d.png") }
        // An ordinary file is no sequence.
        #expect(try FrameSequence.find("\(folder)/cover.png") == nil)
    }

    /// A FIFO among the frames (no one writes to it) is a frame that cannot be shown, not a wait
    /// forever; a file whose own name looks like a pattern is that file.
    @Test func aFIFOAmongTheFramesIsPassedOverAndAPatternNamedFileIsItself() throws {
        let folder = try Self.folder()
        try PNGFile.write(Self.picture(1), to: "\(folder)/f1.png")
        #expect(mkfifo("\(folder)/f2.png", 0o600) == 0)
        try PNGFile.write(Self.picture(3), to: "\(folder)/f3.png")
        let sequence = try #require(try FrameSequence.find(folder))
        let image = try AnimatedImage.open(sequence: sequence, frameDuration: .milliseconds(40))
        #expect(try Self.frames(image).map(\.image) == [1, 1, 3].map { Self.picture($0) })
        #expect(image.warnings.count == 1 && image.warnings[0].contains("not a regular file"))

        try PNGFile.write(Self.picture(7), to: "\(folder)/100%d.png")
        #expect(try FrameSequence.find("\(folder)/100%d.png") == nil)
        let named = try AnimatedImage.open(path: "\(folder)/100%d.png")
        #expect(try Self.frames(named).map(\.image) == [Self.picture(7)])
    }

    @Test func jpegFramesMakeASequenceToo() throws {
        let folder = try Self.folder()
        let jpeg = TestPaths.samples.appendingPathComponent("good/jpeg-rgb.jpg")
        for number in 1...3 {
            try FileManager.default.copyItem(atPath: jpeg.path, toPath: "\(folder)/shot-\(number).jpg")
        }
        let sequence = try #require(try FrameSequence.find("\(folder)/shot-%d.jpg"))
        let image = try AnimatedImage.open(sequence: sequence, frameDuration: .milliseconds(100))
        #expect(image.format == .jpeg && image.canvasWidth == 32 && image.canvasHeight == 24)
        #expect(try Self.frames(image).count == 3 && image.warnings.isEmpty)
    }

    @Test func printfPatternsAndNaturalOrder() {
        let padded = PrintfPattern("a/b/img-%04d.png")
        #expect(padded?.directory == "a/b/" && padded?.prefix == "img-" && padded?.suffix == ".png")
        #expect(padded?.width == 4)
        #expect(padded?.number(inName: "img-0042.png") == 42)
        #expect(padded?.number(inName: "img-42.png") == nil)
        #expect(padded?.number(inName: "img-12345.png") == 12345)
        let plain = PrintfPattern("%d.jpg")
        #expect(plain?.number(inName: "7.jpg") == 7 && plain?.number(inName: "07.jpg") == nil)
        #expect(PrintfPattern("100%%-%d.png")?.prefix == "100%-")
        #expect(PrintfPattern("%d-%d.png") == nil)
        #expect(PrintfPattern("%s.png") == nil)
        #expect(PrintfPattern("plain.png") == nil)
        let names = ["f10.png", "f2.png", "f1.png", "f02b.png"]
        #expect(names.sorted(by: NumberedName.naturalOrder) == ["f1.png", "f2.png", "f02b.png", "f10.png"])
    }

    /// A 3x2 sheet of 8x6 cells, each its own colour, with a 2-pixel strip left over at the right.
    static func sheet() throws -> String {
        var sheet = RGBAImage(width: 3 * 8 + 2, height: 2 * 6)
        for cell in 0..<6 {
            let colour = picture(cell + 1, width: 1, height: 1)[0, 0]
            for y in 0..<6 {
                for x in 0..<8 { sheet[cell % 3 * 8 + x, cell / 3 * 6 + y] = colour }
            }
        }
        let path = try folder() + "/sheet.png"
        try PNGFile.write(sheet, to: path)
        return path
    }

    @Test func aSpriteSheetIsCutLeftToRightThenDown() throws {
        let path = try Self.sheet()
        let byGrid = try AnimatedImage.open(
            sheet: path, layout: .grid(columns: 3, rows: 2), count: nil, frameDuration: .milliseconds(50))
        #expect(byGrid.source == .sheet(columns: 3, rows: 2))
        #expect(byGrid.canvasWidth == 8 && byGrid.canvasHeight == 6 && byGrid.frameCount == 6)
        let frames = try Self.frames(byGrid)
        #expect(frames.map(\.image) == (1...6).map { Self.picture($0, width: 8, height: 6) })
        // 26 is no multiple of 8: noted, the strip left out.
        #expect(byGrid.warnings.count == 1)
        let bySize = try AnimatedImage.open(
            sheet: path, layout: .frameSize(width: 8, height: 6), count: 4, frameDuration: .milliseconds(50))
        #expect(try Self.frames(bySize).map(\.image) == (1...4).map { Self.picture($0, width: 8, height: 6) })
        // What cannot be cut is refused when opened.
        #expect(throws: DecodeError.self) {
            try AnimatedImage.open(
                sheet: path, layout: .grid(columns: 40, rows: 2), count: nil, frameDuration: .milliseconds(50))
        }
        #expect(throws: DecodeError.self) {
            try AnimatedImage.open(
                sheet: path, layout: .frameSize(width: 8, height: 6), count: 7, frameDuration: .milliseconds(50))
        }
    }
}
