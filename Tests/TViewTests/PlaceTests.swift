import Decode
import Foundation
import Graphics
import Picture
import TestSupport
import Testing

/// `--place COLSxROWS@XxY` and `--clear`, read back through the emulator over a screen full of
/// text: the picture inside the rectangle and only there, the rectangle's old text gone, the
/// cursor back where it was; `--clear` blanks the rectangle; kitty's placement is deleted.
@Suite struct PlaceTests {
    /// A 40x24 screen full of "x", the cursor at row 20, column 5.
    static func busyScreen() -> VirtualScreen {
        var screen = VirtualScreen(rows: 24, columns: 40)
        for row in 0..<24 {
            screen.feed(Array("\u{1B}[\(row + 1);1H".utf8) + Array(repeating: UInt8(ascii: "x"), count: 40))
        }
        screen.feed(Array("\u{1B}[21;6H".utf8))
        return screen
    }

    static func inside(_ row: Int, _ column: Int) -> Bool { (3..<9).contains(row) && (10..<26).contains(column) }

    @Test func thePictureGoesInTheRectangleAndTheCursorComesBack() throws {
        let sample = CommandRunner.sample("gif-disposal-1.gif")
        let placed = try CommandRunner.run(["--place", "16x6@10x3", sample])
        #expect(placed.status == 0, "\(placed.standardError)")
        var screen = Self.busyScreen()
        screen.feed(Array(placed.standardOutput.utf8))
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        #expect(screen.cursor == (20, 5))
        for row in 0..<24 {
            for column in 0..<40 {
                let character = screen[row, column].character
                if Self.inside(row, column) {
                    #expect(character != "x", "(\(row), \(column)) kept its old text")
                } else {
                    #expect(character == "x", "(\(row), \(column)) outside the rectangle changed")
                }
            }
        }
        // The same cells as the pipe's picture of that size, at the rectangle's corner (16x12
        // pixels fill 16x6 cells exactly).
        let piped = try CommandRunner.run(["--size", "16x6", sample])
        var reference = VirtualScreen(rows: 7, columns: 16)
        reference.feed(Array(piped.standardOutput.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        for row in 0..<6 {
            for column in 0..<16 {
                let shown = screen[3 + row, 10 + column], wanted = reference[row, column]
                #expect(
                    shown.character == wanted.character && shown.background == wanted.background
                        && (shown.character == " " || shown.foreground == wanted.foreground),
                    "cell (\(row), \(column))")
            }
        }
    }

    @Test func clearBlanksTheRectangleOnly() throws {
        let cleared = try CommandRunner.run(["--clear", "--place", "16x6@10x3"])
        #expect(cleared.status == 0, "\(cleared.standardError)")
        var screen = Self.busyScreen()
        screen.feed(Array(cleared.standardOutput.utf8))
        #expect(screen.cursor == (20, 5))
        for row in 0..<24 {
            for column in 0..<40 {
                #expect(screen[row, column].character == (Self.inside(row, column) ? " " : "x"), "(\(row), \(column))")
            }
        }
        // The kitty picture a placement left is deleted by its id.
        let kitty = try CommandRunner.run([
            "--pixels", "kitty", "--place", "16x6@10x3", CommandRunner.sample("gif-disposal-1.gif"),
        ])
        let id = try #require(kitty.standardOutput.firstRange(of: "i=").map { kitty.standardOutput[$0.upperBound...] })
            .prefix { $0.isNumber }
        #expect(kitty.standardOutput.contains("a=T") && !id.isEmpty)
        #expect(cleared.standardOutput.contains("a=d,d=I,i=\(id)"))
        #expect(kitty.standardOutput.hasPrefix("\u{1B}7") && kitty.standardOutput.hasSuffix("\u{1B}8"))
    }

    /// A sixel placement of a 300x150 picture in 30x10 cells (10x20 pixels: nothing says
    /// otherwise) is 150 pixels high on 8 rows: the 5 pixel rows above and below it show the
    /// terminal's own background (#336699 here), not black: tview asks nothing here, so it does
    /// not know that background and leaves those pixels undrawn.
    @Test func aSixelPlacementLeavesTheTerminalsBackgroundAroundThePicture() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tview-place-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = RGBA(r: 220, g: 30, b: 30)
        let path = folder.appendingPathComponent("red.png").path
        try PNGFile.write(RGBAImage(width: 300, height: 150, fill: red), to: path)
        // In a terminal of its own, whose window says no pixel size.
        var terminal = ThrottledTerminal()
        terminal.bytesPerSecond = 50_000_000
        let run = try terminal.run(
            CommandRunner.executable.path, ["--place", "30x10@40x5", "--pixels", "sixel", path],
            environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(run.status == 0)
        let background = RGBA(r: 0x33, g: 0x66, b: 0x99)
        let screen = PixelScreen(columns: 80, rows: 24, cellWidth: 10, cellHeight: 20, background: background)
        try screen.feed(run.shown)
        let shown = screen.picture
        // The picture's 8 rows start at row 6 (centred in 10); it is 5 pixels below their top.
        let top = 6 * 20
        for x in stride(from: 400, to: 700, by: 7) {
            for y in top..<(top + 5) { #expect(shown[x, y] == background, "(\(x), \(y)) above the picture") }
            for y in (top + 155)..<(top + 160) { #expect(shown[x, y] == background, "(\(x), \(y)) below it") }
            #expect(shown[x, top + 5] != background && shown[x, top + 154] != background, "column \(x)")
        }
    }

    @Test func placeAndClearSayWhatTheyNeed() throws {
        let sample = CommandRunner.sample("gif-disposal-1.gif")
        for arguments in [
            ["--clear"], ["--place", "16x6", sample], ["--place", "16x6@10x3", sample, sample],
            ["--clear", "--place", "16x6@1x1", sample],
        ] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 2 && result.standardError.hasPrefix("tview: "), "\(arguments)")
        }
    }
}
