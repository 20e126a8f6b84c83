import Decode
import Foundation
import Picture
import Terminal
import TestSupport
import Testing

/// Standard output not a terminal: the first frame (or --frame N) as ANSI text that shows the
/// picture when printed, read back through the emulator.
@Suite struct PipeOutputTests {
    @Test func firstFrameAsTruecolorText() throws {
        // gif-disposal-1: 16x12, first frame in 4-pixel columns of black, red, green, blue
        // (shifting every 3 rows). In 16x6 cells it is drawn 1:1, two pixel rows a cell.
        let result = try CommandRunner.run(["--size", "16x6", CommandRunner.sample("gif-disposal-1.gif")])
        #expect(result.status == 0)
        var screen = VirtualScreen(rows: 7, columns: 16)
        screen.feed(Array(result.standardOutput.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        let black = TermColor.rgb(0, 0, 0), red = TermColor.rgb(255, 0, 0)
        // Row 0 (pixel rows 0, 1): column 0 black over black, column 4 red over red.
        #expect(screen[0, 0] == VirtualScreen.Pixel(character: " ", foreground: .default, background: black))
        #expect(screen[0, 4].background == red)
        // Row 1 (pixel rows 2, 3): black above red at column 0.
        #expect(screen[1, 0] == VirtualScreen.Pixel(character: "▀", foreground: black, background: red))
        #expect(result.standardOutput.hasSuffix("\u{1B}[0m\n"))
    }

    /// --symbols quad: 2x2 sub-cells a cell, each as tall as two of the picture's pixels (a cell is
    /// twice as tall as wide): 16x12 pixels in 8 columns make 3 rows of quadrant characters.
    @Test func quadrantsAndSextantsOnAPipe() throws {
        let sample = CommandRunner.sample("gif-disposal-1.gif")
        let result = try CommandRunner.run(["--size", "8x6", "--symbols", "quad-only", sample])
        #expect(result.status == 0)
        var screen = VirtualScreen(rows: 7, columns: 8)
        screen.feed(Array(result.standardOutput.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        #expect(screen.unknown.isEmpty, "\(screen.unknown)")
        #expect(result.standardOutput.split(separator: "\n").count == 3)
        let quadrants = Set(" ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█")
        for row in 0..<3 {
            for column in 0..<8 { #expect(quadrants.contains(screen[row, column].character)) }
        }
        #expect((0..<3).contains { row in (0..<8).contains { screen[row, $0].character != " " } })
        // Sextants where the cells straddle the picture's bands (16x12 in 8x3 cells: 16x9).
        let sextants = try CommandRunner.run(["--size", "8x3", "--symbols", "sextant-only", "--colors", "256", sample])
        #expect(sextants.status == 0)
        #expect(sextants.standardOutput.unicodeScalars.contains { (0x1FB00...0x1FB3B).contains($0.value) })
        #expect(!sextants.standardOutput.contains("48;2;"))
        // With the eighth blocks (the sets' default), and only with them, eighths appear.
        let eighths = try CommandRunner.run(["--size", "8x3", "--symbols", "sextant", sample])
        let eighthBlocks = Set("▁▂▃▅▆▇▏▎▍▋▊▉")
        #expect(eighths.status == 0 && eighths.standardOutput.contains { eighthBlocks.contains($0) })
        #expect(!sextants.standardOutput.contains { eighthBlocks.contains($0) })
        #expect(!result.standardOutput.contains { eighthBlocks.contains($0) })
    }

    @Test func frameNumberAndColourModeChooseWhatIsPrinted() throws {
        let sample = CommandRunner.sample("gif-transparent.gif")
        let first = try CommandRunner.run(["--size", "16x7", "--colors", "256", sample])
        let third = try CommandRunner.run(["--size", "16x7", "--colors", "256", "--frame", "3", sample])
        #expect(first.status == 0 && third.status == 0)
        #expect(first.standardOutput != third.standardOutput)
        #expect(third.standardOutput.contains("48;5;"))
        #expect(!third.standardOutput.contains("48;2;"))
        // Transparent areas keep the terminal's own background.
        #expect(first.standardOutput.contains("\u{1B}[49m"))
    }

    @Test func noColorMeansMonochromeAndColumnsSetTheSize() throws {
        let sample = CommandRunner.sample("gif-disposal-1.gif")
        let plain = try CommandRunner.run([sample], environment: ["NO_COLOR": "1", "COLUMNS": "32", "LINES": "12"])
        #expect(!plain.standardOutput.contains("38;2") && !plain.standardOutput.contains("48;2"))
        let lines = plain.standardOutput.split(separator: "\n")
        #expect(lines.count == 12)  // 16x12 doubled to 32x24 pixels: 12 rows
        let forced = try CommandRunner.run(["--colors", "truecolor", sample], environment: ["NO_COLOR": "1"])
        #expect(forced.standardOutput.contains("48;2;255;0;0"))
    }

    @Test func badOptionValuesAreUsageErrors() throws {
        for arguments in [["--size", "80"], ["--colors", "9"], ["--bg", "#12"], ["--frame", "0"]] {
            let result = try CommandRunner.run(arguments + [CommandRunner.sample("gif-1x1.gif")])
            #expect(result.status == 2, "\(arguments)")
        }
    }
}

/// `--pixels kitty|sixel|iterm2` on a pipe: the frame as that protocol's image, read back by a
/// pixel terminal and compared with the expected frame.
@Suite struct PipePixelOutputTests {
    @Test(arguments: ["sixel", "sixel --no-upscale", "kitty", "iterm2"])
    func theFrameAsAnImage(protocolName: String) throws {
        // gif-disposal-1: 16x12, opaque. In 4x2 cells of 10x20 (40x40 pixels): sixel enlarged by
        // tview by the largest whole factor (2) at (4, 8) of a 40x40 canvas, or with --no-upscale
        // at its own size at (2, 4) of a 20x20 canvas; kitty and iTerm2 send a 16x16 canvas with
        // the picture at (0, 2) and the terminal stretches it 2.5 times over the 4x2 cells
        // (filling the width).
        let words = protocolName.split(separator: " ").map(String.init)
        let result = try CommandRunner.run(
            ["--pixels"] + words + ["--size", "4x2", CommandRunner.sample("gif-disposal-1.gif")])
        #expect(result.status == 0)
        // A row below the picture for the line feed after it, so nothing scrolls.
        let screen = PixelScreen(columns: 4, rows: 4, cellWidth: 10, cellHeight: 20)
        try screen.feed(Array(result.standardOutput.utf8))
        #expect(screen.errors.isEmpty)
        let expected = try Data(
            contentsOf: CommandRunner.repository.appendingPathComponent("samples/expected/gif-disposal-1.rgba"))
        let shown = screen.picture
        for y in 0..<12 {
            for x in 0..<16 {
                let offset = (y * 16 + x) * 4
                // The middle of the source pixel where it lands on the screen.
                let pixel: RGBA
                switch protocolName {
                case "sixel": pixel = shown[4 + 2 * x + 1, 8 + 2 * y + 1]
                case "sixel --no-upscale": pixel = shown[2 + x, 4 + y]
                default: pixel = shown[Int((Double(x) + 0.5) * 2.5), Int((Double(2 + y) + 0.5) * 2.5)]
                }
                for (channel, value) in [pixel.r, pixel.g, pixel.b].enumerated() {
                    #expect(abs(Int(value) - Int(expected[offset + channel])) <= 2, "(\(x), \(y))")
                }
            }
        }
    }

    /// Transparency in kitty pictures: sent as it is with `--bg auto` (kitty composes it over
    /// its own background, #304050 here), blended over the colour `--bg` names otherwise; the
    /// canvas's margin likewise.
    @Test(arguments: ["auto", "white"])
    func kittyTransparencyIsTheTerminalsOrTheChosenBackground(background: String) throws {
        // gif-transparent: 16x14, its first frame partly transparent; in 4x2 cells of 10x20 a
        // 16x16 canvas with the picture at (0, 1), stretched 2.5 times.
        let result = try CommandRunner.run(
            ["--pixels", "kitty", "--bg", background, "--size", "4x2", CommandRunner.sample("gif-transparent.gif")])
        #expect(result.status == 0)
        let terminal = RGBA(r: 0x30, g: 0x40, b: 0x50)
        let screen = PixelScreen(columns: 4, rows: 3, cellWidth: 10, cellHeight: 20, background: terminal)
        try screen.feed(Array(result.standardOutput.utf8))
        #expect(screen.errors.isEmpty)
        let backdrop = background == "auto" ? terminal : RGBA(r: 255, g: 255, b: 255)
        let expected = try Data(
            contentsOf: CommandRunner.repository.appendingPathComponent("samples/expected/gif-transparent.rgba"))
        let shown = screen.picture
        var transparent = 0
        for y in 0..<14 {
            for x in 0..<16 {
                let offset = (y * 16 + x) * 4
                let alpha = Int(expected[offset + 3])
                if alpha == 0 { transparent += 1 }
                let pixel = shown[Int((Double(x) + 0.5) * 2.5), Int((Double(1 + y) + 0.5) * 2.5)]
                for (channel, value) in [pixel.r, pixel.g, pixel.b].enumerated() {
                    let under = Int([backdrop.r, backdrop.g, backdrop.b][channel])
                    let wanted = (Int(expected[offset + channel]) * alpha + under * (255 - alpha) + 127) / 255
                    #expect(abs(Int(value) - wanted) <= 2, "(\(x), \(y))")
                }
            }
        }
        #expect(transparent > 10)
        // The margin above the picture (the canvas's first row).
        #expect(shown[20, 1] == backdrop)
    }
}
