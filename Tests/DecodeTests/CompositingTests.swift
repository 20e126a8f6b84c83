import Decode
import Foundation
import Testing

/// The compositing rules, pixel by pixel, on the samples built for each of them.
@Suite struct CompositingTests {
    private func frames(_ name: String) throws -> [RGBAImage] {
        let image = try AnimatedImage.open(path: TestPaths.samples.appendingPathComponent("good/\(name)").path)
        var result: [RGBAImage] = []
        while let frame = try image.nextFrame() { result.append(frame.image) }
        return result
    }

    // gif-disposal-N: frame 0 fills 16x12, frame 1 draws a 6x5 spot at (3,2) (index 7 is
    // transparent), frame 2 draws an 8x8 square at (10,6) that is clipped by the canvas.

    @Test func gifDisposalKeepLeavesTheSpot() throws {
        for name in ["gif-disposal-0.gif", "gif-disposal-1.gif"] {
            let canvases = try frames(name)
            #expect(canvases[2][4, 2] == RGBA(r: 255, g: 255, b: 0), "\(name): yellow spot pixel stays")
        }
    }

    @Test func gifDisposalBackgroundClearsToTransparent() throws {
        let canvases = try frames("gif-disposal-2.gif")
        // Disposal 2 on frame 0 clears the whole canvas, then the spot is drawn on nothing.
        #expect(canvases[1][0, 0] == .transparent)
        #expect(canvases[1][4, 2] == RGBA(r: 255, g: 255, b: 0))
        #expect(canvases[1][3, 2] == .transparent, "a transparent index shows the cleared canvas")
        #expect(canvases[2][4, 2] == .transparent, "the spot's rectangle was cleared")
    }

    @Test func gifDisposalPreviousRestoresTheCanvas() throws {
        let canvases = try frames("gif-disposal-3.gif")
        // Frame 0 is disposed to what was before it: the empty canvas.
        #expect(canvases[1][0, 0] == .transparent)
        #expect(canvases[2][4, 2] == .transparent, "the spot is undone, back to before it")
        #expect(canvases[2][12, 8] == RGBA(r: 255, g: 255, b: 255))
    }

    @Test func gifFramesAreClippedToTheCanvas() throws {
        let canvases = try frames("gif-disposal-1.gif")
        #expect(canvases[2].width == 16 && canvases[2].height == 12)
        #expect(canvases[2][15, 11] == RGBA(r: 0, g: 255, b: 255))
    }

    @Test func gifIndexPastThePaletteIsOpaqueBlack() throws {
        let canvases = try frames("gif-delays-no-loop.gif")
        #expect(canvases[0][1, 1] == .opaqueBlack)
    }

    @Test func apngDisposeOps() throws {
        // Frame 1 paints a red 10x8 block at (4,3); frame 2 blends a partly transparent pattern
        // over (8,6)-(20,14). Pixel (5,4) is outside frame 2: it shows what the dispose left.
        let red = RGBA(r: 255, g: 0, b: 0)
        #expect(try frames("apng-dispose-none.png")[2][5, 4] == red)
        #expect(try frames("apng-dispose-background.png")[2][5, 4] == .transparent)
        let previous = try frames("apng-dispose-previous.png")
        #expect(previous[2][5, 4] == previous[0][5, 4])
    }

    @Test func apngBlendOverIsPorterDuff() throws {
        let canvases = try frames("apng-hidden-default.png")
        // 50 %-alpha magenta (200,0,200,128) over opaque green (0,200,0): alpha stays opaque.
        let mixed = canvases[1][3, 3]
        #expect(mixed.a == 255)
        #expect(abs(Int(mixed.r) - 100) <= 1 && abs(Int(mixed.g) - 100) <= 1 && abs(Int(mixed.b) - 100) <= 1)
        // The default image (red) is not a frame.
        #expect(canvases.count == 2)
        #expect(canvases[0][0, 0] == RGBA(r: 0, g: 200, b: 0))
    }

    @Test func apngBlendSourceReplacesWithTransparency() throws {
        let canvases = try frames("apng-blend-alpha.png")
        // Frame 3 writes (0,0,255,0) rows with SOURCE: the canvas becomes transparent there.
        #expect(canvases[3][6, 4].a == 0)
        #expect(canvases[3][6, 8] == RGBA(r: 0, g: 0, b: 255, a: 200))
    }

    @Test func webpKeepsAlpha() throws {
        let canvases = try frames("webp-lossless-alpha.webp")
        let alphas = Set(canvases[0].pixels.map(\.a))
        #expect(alphas.contains(0) && alphas.contains(255) && alphas.count > 3)
    }
}
