import Decode
import Graphics
import Picture
import Terminal
import Testing

/// What the command line asks of pictures, decided in one place: symbols and their eighth
/// blocks, the background under transparency, and on a pipe the colours and the area.
@Suite struct PictureRequestTests {
    @Test func theTerminalsSymbolsUnlessOthersAreAskedForWithEighthsUnlessAlone() {
        let auto = PictureRequest().builder(mode: .truecolor, terminalSymbols: .sextant)
        #expect(auto.symbols == .sextant && auto.eighths)
        let onAPipe = PictureRequest().builder(mode: .truecolor)
        #expect(onAPipe.symbols == .half && !onAPipe.eighths)
        let alone = PictureRequest(symbols: .quadrant, symbolsAlone: true).builder(
            mode: .truecolor, terminalSymbols: .octant)
        #expect(alone.symbols == .quadrant && !alone.eighths)
        let half = PictureRequest(symbols: .half).builder(mode: .truecolor, terminalSymbols: .octant)
        #expect(half.symbols == .half && !half.eighths)
    }

    @Test func transparencyIsBlendedOverWhatWasAskedForElseTheTerminalsBackground() {
        let grey = RGBA(r: 40, g: 40, b: 40)
        #expect(PictureRequest().background(terminal: grey) == grey)
        #expect(PictureRequest().background() == RGBA(r: 0, g: 0, b: 0))
        #expect(PictureRequest(background: .opaqueBlack).background(terminal: grey) == .opaqueBlack)
        // kitty composes transparency itself unless a colour was asked for; sixel cannot.
        #expect(PictureRequest().pixelBackground(graphics: .kitty, terminal: grey) == nil)
        #expect(PictureRequest().pixelBackground(graphics: .sixel, terminal: grey) == grey)
        #expect(PictureRequest(background: .opaqueBlack).pixelBackground(graphics: .kitty) == .opaqueBlack)
    }

    @Test func aPipeTakesTruecolorUnlessNoColorOrAskedAndTheShellsSize() {
        #expect(ColorChoice.forPipe(requested: nil, environment: [:]).mode == .truecolor)
        let noColor = ColorChoice.forPipe(requested: nil, environment: ["NO_COLOR": "1"])
        #expect(noColor.mode == .mono && noColor.reason == "NO_COLOR is set")
        #expect(ColorChoice.forPipe(requested: nil, environment: ["NO_COLOR": ""]).mode == .truecolor)
        #expect(ColorChoice.forPipe(requested: .palette256, environment: ["NO_COLOR": "1"]).mode == .palette256)
        #expect(TerminalSize.forPipe(environment: [:]) == (80, 24))
        #expect(TerminalSize.forPipe(environment: ["COLUMNS": "132", "LINES": "50"]) == (132, 50))
        #expect(TerminalSize.forPipe(environment: ["COLUMNS": "wide", "LINES": "0"]) == (80, 24))
    }

    @Test func theScreenKeepsItsLastRowForTheStatusLineAndItsLastColumnFree() {
        let size = TerminalSize(rows: 24, columns: 80)
        #expect(size.statusRow == 23 && size.statusWidth == 79)
        #expect(size.pictureArea(statusLine: true) == (80, 23))
        #expect(size.pictureArea(statusLine: false) == (80, 24))
        #expect(size.pictureArea(statusLine: true, limit: (40, 30)) == (40, 23))
    }
}
