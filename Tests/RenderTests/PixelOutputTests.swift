import Graphics
import Foundation
import Decode
import Picture
import Terminal
import TestSupport
import Testing

/// kitty, sixel and iTerm2 output read back by a pixel terminal emulator (`PixelScreen`): after
/// every frame the screen must show that frame's picture where its layout puts it, whatever was
/// shown before (deltas, frames kept by the terminal, transparency that must not show earlier
/// frames through), and frames must be sent as seldom as the protocol allows.
@Suite struct PixelOutputTests {
    static let cell = PixelSize(width: 8, height: 16)

    /// Frames of a small animation with transparency: a textured background (the same in every
    /// frame, so deltas are small next to whole frames) that is transparent on its left half, a
    /// square that moves (opaque, so earlier squares would ghost where it was), and a corner pixel
    /// that flickers in colour and alpha. Fewer than 256 colours, as a GIF's.
    static func frames(width: Int = 96, height: Int = 64, count: Int = 9, flicker: Bool = true) -> [RGBAImage] {
        var generator = SplitMix64(seed: 13)
        var texture = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in (width / 2)..<width {
                let shade = UInt8.random(in: 0..<32, using: &generator)
                texture[x, y] = RGBA(r: shade * 8, g: 255 - shade * 8, b: 90, a: 255)
            }
        }
        var frames: [RGBAImage] = []
        for index in 0..<count {
            var image = texture
            for y in 5..<14 {
                for x in (index * 9)..<min(width, index * 9 + 9) { image[x, y] = RGBA(r: 250, g: 30, b: 30, a: 255) }
            }
            if flicker {
                image[width - 1, height - 1] = RGBA(
                    r: index % 2 == 0 ? 255 : 0, g: 0, b: 0, a: index % 3 == 0 ? 255 : 128)
            }
            frames.append(image)
        }
        return frames
    }

    static func pictures(
        _ frames: [RGBAImage], terminalScales: Bool, columns: Int = 30, rows: Int = 8,
        background: RGBA? = RGBA(r: 0, g: 0, b: 40)
    ) -> [PixelPicture] {
        var renderer = PixelRenderer(background: background, upscale: true, terminalScales: terminalScales)
        return frames.enumerated().map { index, frame in
            renderer.render(
                frame, frame: FrameIdentity(file: 0, index: index), areaColumns: columns, areaRows: rows,
                cellWidth: cell.width, cellHeight: cell.height)
        }
    }

    /// The part of the screen under the picture's cells.
    static func shown(_ screen: PixelScreen, _ picture: PixelPicture, cell: PixelSize = cell) -> RGBAImage {
        let layout = picture.layout
        let full = screen.picture
        var out = RGBAImage(width: layout.columns * cell.width, height: layout.rows * cell.height)
        for y in 0..<out.height {
            for x in 0..<out.width {
                out[x, y] = full[layout.originColumn * cell.width + x, layout.originRow * cell.height + y]
            }
        }
        return out
    }

    static func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        var largest = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            largest = max(largest, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
        }
        return largest
    }

    /// What the picture should look like on screen: its canvas stretched over its cells.
    static func expected(_ picture: PixelPicture, cell: PixelSize = cell) -> RGBAImage {
        let layout = picture.layout
        return PixelScreen.stretch(
            picture.image, width: layout.columns * cell.width, height: layout.rows * cell.height)
    }

    /// Plays the pictures in `order` through `output`, checking the screen after each.
    /// Sixel colours go out in percent: within 2 of 255 each way.
    static func play(
        _ pictures: [PixelPicture], order: [Int], through output: any GraphicsOutput, screen: PixelScreen,
        tolerance: Int = 0
    ) throws -> [Int] {
        var sizes: [Int] = []
        for index in order {
            var bytes: [UInt8] = []
            output.draw(pictures[index], into: &bytes)
            sizes.append(bytes.count)
            try screen.feed(bytes)
            let difference = largestDifference(shown(screen, pictures[index]), expected(pictures[index]))
            #expect(difference <= tolerance, "frame \(index)")
        }
        #expect(screen.errors.isEmpty)
        return sizes
    }

    @Test func layoutsCoverWholeCellsAndKeepTheAspect() {
        // Enlarged by the terminal: sent at the frame's own scale (96x64, shown at 192x128), on a
        // canvas of whole cells at that scale (24 x 8 cells of 8x16), centred in 30 columns.
        let kitty = PixelLayout(
            imageWidth: 96, imageHeight: 64, areaColumns: 30, areaRows: 8, cellWidth: 8, cellHeight: 16,
            upscale: true, terminalScales: true)
        #expect(kitty.scaleFactor == 2 && kitty.imageWidth == 96 && kitty.imageHeight == 64)
        #expect(kitty.columns == 24 && kitty.rows == 8 && kitty.originColumn == 3 && kitty.originRow == 0)
        // Not a whole factor: the picture fills the area (128 pixels high of 60: 2.13 times, 24
        // cells across), sent at its own size on a canvas the cells' shape.
        let filling = PixelLayout(
            imageWidth: 90, imageHeight: 60, areaColumns: 30, areaRows: 8, cellWidth: 8, cellHeight: 16,
            upscale: true, terminalScales: true)
        #expect(abs(filling.scaleFactor - 128.0 / 60) < 1e-9 && filling.columns == 24 && filling.rows == 8)
        #expect(filling.displayWidth == 192 && filling.displayHeight == 128)
        #expect(filling.imageWidth == 90 && filling.imageHeight == 60)
        #expect(filling.pictureX == 0 && filling.pictureY == 0 && filling.pictureWidth == 90)
        // A canvas that is not the picture's shape: padded, the picture centred in it.
        let padded = PixelLayout(
            imageWidth: 90, imageHeight: 60, areaColumns: 23, areaRows: 8, cellWidth: 8, cellHeight: 16,
            upscale: true, terminalScales: true)
        #expect(padded.columns == 23 && padded.rows == 8 && padded.imageWidth == 90 && padded.imageHeight == 63)
        #expect(padded.pictureX == 0 && padded.pictureY == 1)
        // Sixel: screen pixels, never enlarged when upscale is off, on whole cells.
        let sixel = PixelLayout(
            imageWidth: 90, imageHeight: 60, areaColumns: 30, areaRows: 8, cellWidth: 8, cellHeight: 16,
            upscale: false, terminalScales: false)
        #expect(sixel.displayWidth == 90 && sixel.imageWidth == 96 && sixel.imageHeight == 64)
        #expect(sixel.pictureX == 3 && sixel.pictureY == 2)
        // Larger than the area: reduced to fit, aspect kept.
        let reduced = PixelLayout(
            imageWidth: 960, imageHeight: 640, areaColumns: 30, areaRows: 8, cellWidth: 8, cellHeight: 16,
            upscale: true, terminalScales: true)
        #expect(reduced.scaleFactor == 1 && reduced.displayWidth == 192 && reduced.displayHeight == 128)
    }

    @Test func kittyKeepsEveryFrameAndShowsItAgainByNumber() throws {
        let pictures = Self.pictures(Self.frames(width: 240, height: 128), terminalScales: true)
        let screen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16)
        let output = KittyOutput()
        let loop = Array(0..<pictures.count)
        let first = try Self.play(pictures, order: loop, through: output, screen: screen)
        let sentFirst = screen.transmissions
        // One image holding the animation: a kitty frame for each changed rectangle, each on
        // top of the one before (no frame edited once made), the last of them the picture.
        #expect(screen.kittyImages.count == 1)
        let kept = screen.kittyImages.values.first?.frames.count ?? 0
        #expect(kept >= pictures.count)
        let second = try Self.play(pictures, order: loop + [3, 1, 7], through: output, screen: screen)
        #expect(screen.transmissions == sentFirst)
        #expect(screen.kittyImages.values.first?.frames.count == kept)
        // Later loops: a command naming the frame, a few bytes.
        #expect(second.allSatisfy { $0 < 40 })
        // A frame's delta holds only the tiles it changed, not the picture.
        #expect(first[1] < first[0] / 3)
        // Within the store, no frame is edited once made (`r=`): kitty 0.26.5 now and then showed
        // edited frames with rectangles missing.
        var bytes: [UInt8] = []
        let fresh = KittyOutput()
        for picture in pictures { fresh.draw(picture, into: &bytes) }
        let frameCommands = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}_G")
            .filter { $0.hasPrefix("a=f,") }
        #expect(frameCommands.count >= pictures.count - 1)
        #expect(!frameCommands.contains { $0.prefix(while: { $0 != ";" }).contains(",r=") })
    }

    /// Transparency sent as it is (`--bg auto` in kitty): the terminal composes each frame over
    /// its own background, and nothing of an earlier frame shows through where a later one is
    /// transparent (the flickering corner pixel goes from opaque to half transparent).
    @Test func kittyFramesWithTransparencyShowTheTerminalsBackground() throws {
        let frames = Self.frames(width: 240, height: 128)
        let pictures = Self.pictures(frames, terminalScales: true, background: nil)
        #expect(pictures[0].image.pixels.contains { $0.a == 0 } && pictures[1].image.pixels.contains { $0.a == 128 })
        let terminal = RGBA(r: 0x30, g: 0x40, b: 0x50)
        let screen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16, background: terminal)
        let output = KittyOutput()
        for index in Array(0..<pictures.count) + [3, 1, 7] {
            var bytes: [UInt8] = []
            output.draw(pictures[index], into: &bytes)
            try screen.feed(bytes)
            // The same frame blended over the terminal's background by the renderer.
            var blended = PixelRenderer(background: terminal, upscale: true, terminalScales: true)
            let expected = Self.expected(
                blended.render(
                    frames[index], frame: FrameIdentity(file: 0, index: index), areaColumns: 30, areaRows: 8,
                    cellWidth: 8, cellHeight: 16))
            #expect(Self.largestDifference(Self.shown(screen, pictures[index]), expected) <= 1, "frame \(index)")
        }
        #expect(screen.errors.isEmpty)
    }

    /// Inside tmux: every graphics command wrapped for tmux, the image placed by a sequence that
    /// moves the outer cursor to the pane's offset itself (tmux homes it after each one).
    @Test func kittyThroughTmuxLandsWhereThePaneIs() throws {
        let pictures = Self.pictures(Self.frames(), terminalScales: true)
        let screen = PixelScreen(columns: 36, rows: 12, cellWidth: 8, cellHeight: 16)
        let output = KittyOutput(passthrough: TmuxPassthrough(top: 2, left: 5))
        for index in [0, 1, 2, 1] {
            var bytes: [UInt8] = []
            output.draw(pictures[index], into: &bytes)
            // Nothing but tmux's own sequences and cursor moves reaches tmux unwrapped.
            let unwrapped = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}\u{1B}", with: "")
            #expect(!unwrapped.contains("\u{1B}_G"))
            try screen.feed(bytes)
            let layout = pictures[index].layout
            let shown = screen.picture
            let expected = Self.expected(pictures[index])
            var largest = 0
            for y in 0..<expected.height {
                for x in 0..<expected.width {
                    let pixel = shown[(5 + layout.originColumn) * 8 + x, (2 + layout.originRow) * 16 + y]
                    largest = max(
                        largest, abs(Int(pixel.r) - Int(expected[x, y].r)), abs(Int(pixel.g) - Int(expected[x, y].g)))
                }
            }
            #expect(largest == 0, "frame \(index)")
        }
        var bytes: [UInt8] = []
        output.release(into: &bytes)
        try screen.feed(bytes)
        #expect(screen.kittyImages.isEmpty && screen.errors.isEmpty)
    }

    /// Reduced to fit (a gallery tile): partial rescaling and deltas still give the frame.
    @Test(arguments: ["kitty", "sixel", "iterm2"])
    func reducedPicturesStayRight(protocolName: String) throws {
        let frames = Self.frames(width: 240, height: 160, count: 12)
        var renderer = PixelRenderer(
            background: RGBA(r: 0, g: 0, b: 40), upscale: true, terminalScales: protocolName != "sixel")
        var serial: UInt64 = 0
        let pictures = frames.enumerated().map { index, frame in
            serial += 1
            let change =
                index == 0 ? nil : CanvasChange(since: serial - 1, rect: PixelRect(x: 0, y: 0, width: 240, height: 160))
            return renderer.render(
                frame, serial: serial, change: change, frame: FrameIdentity(file: 0, index: index), areaColumns: 12,
                areaRows: 5, cellWidth: 8, cellHeight: 16
            ).moved(rows: 2, columns: 3)
        }
        #expect(pictures[0].layout.displayWidth == 96 && pictures[0].layout.originColumn == 3)
        let screen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16)
        let outputs: [String: any GraphicsOutput] = [
            "kitty": KittyOutput(storedBytes: 3 * 96 * 64 * 4), "sixel": SixelOutput(), "iterm2": ITerm2Output(),
        ]
        _ = try Self.play(
            pictures, order: Array(0..<12) + [3, 0, 11], through: try #require(outputs[protocolName]), screen: screen,
            // Reduced pictures have more than 256 colours: sixel dithers them (steps of 51).
            tolerance: protocolName == "sixel" ? 51 : 0)
    }

    /// A terminal that paints a sixel image's zero bits (mlterm 3.9; foot 1.13 fails there too,
    /// differently) gets every pixel of each frame's changed cells: every frame then shows as it
    /// is. The changed pixels alone, which xterm takes, leave black where they are not drawn there.
    @Test func sixelForTerminalsThatPaintZeroBits() throws {
        let pictures = Self.pictures(Self.frames(), terminalScales: false)
        func worstFrame(_ output: SixelOutput) throws -> Int {
            let screen = PixelScreen(columns: 30, rows: 9, cellWidth: Self.cell.width, cellHeight: Self.cell.height)
            screen.sixelPaintsZeroBits = true
            var worst = 0
            for index in Array(0..<9) + [3, 0, 8] {
                var bytes: [UInt8] = []
                output.draw(pictures[index], into: &bytes)
                try screen.feed(bytes)
                worst = max(
                    worst, Self.largestDifference(Self.shown(screen, pictures[index]), Self.expected(pictures[index])))
            }
            return worst
        }
        let painted = try worstFrame(SixelOutput(changedPixelsOnly: false))
        // Sixel states colours in whole percents: within 2 of the frame.
        #expect(painted <= 2, "\(painted)")
        #expect(try worstFrame(SixelOutput()) > 100)
    }

    /// A frame that changes everywhere (noise of 200 colours): its data is far more than one
    /// chunk, and goes as pieces of one chunk each (kitty 0.26.5 loses a chunked frame's keys).
    @Test func kittyFrameDataNeverComesInChunks() throws {
        var generator = SplitMix64(seed: 3)
        let frames = (0..<3).map { _ in
            RGBAImage(
                width: 240, height: 128,
                pixels: (0..<(240 * 128)).map { _ in
                    let value = UInt8.random(in: 0..<200, using: &generator)
                    return RGBA(r: value, g: 255 - value, b: value / 2)
                })
        }
        let pictures = Self.pictures(frames, terminalScales: true)
        let screen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16)
        let sizes = try Self.play(pictures, order: [0, 1, 2, 0], through: KittyOutput(), screen: screen)
        #expect(sizes[1] > 3 * 4096)
    }

    @Test func kittyWithoutAnimationFramesFlipsBetweenTwoImages() throws {
        let pictures = Self.pictures(Self.frames(), terminalScales: true)
        let screen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16)
        let output = KittyOutput(animationFrames: false)
        for index in [0, 1, 2, 3, 2] {
            _ = try Self.play(pictures, order: [index], through: output, screen: screen)
            // The previous image is deleted once the new one is placed.
            #expect(screen.kittyImages.count == 1)
        }
    }

    /// With room for a few whole frames, frames are kept while they fit and then the shown one is
    /// edited: every frame still shows right, and what kitty stores (as the screen counts it, the
    /// way kitty 0.26.5 does) never exceeds the room, even for frames of many pieces whose chains
    /// grow past five, where kitty keeps whole frames midway.
    @Test(arguments: [false, true])
    func kittyPastItsStoreEditsTheShownFrame(manyPieces: Bool) throws {
        var frames = Self.frames()
        if manyPieces {
            // Ten scattered tiles of noise change in each frame: ten pieces or more, so a chain
            // of five is reached within a frame (kitty then stores one whole).
            var generator = SplitMix64(seed: 5)
            frames = (0..<9).map { _ in
                var frame = RGBAImage(width: 240, height: 128, fill: RGBA(r: 0, g: 0, b: 40))
                for _ in 0..<10 {
                    let (left, top) = (
                        Int.random(in: 0..<7, using: &generator) * 32, Int.random(in: 0..<3, using: &generator) * 32
                    )
                    for y in top..<(top + 32) {
                        for x in left..<(left + 32) {
                            let value = UInt8.random(in: 0...255, using: &generator)
                            frame[x, y] = RGBA(r: value, g: 255 - value, b: value / 3)
                        }
                    }
                }
                return frame
            }
        }
        let pictures = Self.pictures(frames, terminalScales: true)
        let screen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16)
        // Three whole frames; with many pieces four and a half: the first frame stores 2.4 whole
        // ones, the next 2.3 more (more than the two once allowed for a frame, which overflowed).
        let whole = pictures[0].image.width * pictures[0].image.height * 4
        let room = manyPieces ? whole * 9 / 2 : 3 * whole
        let output = KittyOutput(storedBytes: room)
        var most = 0
        for index in Array(0..<pictures.count) + [0, 6, 2, 8] {
            _ = try Self.play(pictures, order: [index], through: output, screen: screen)
            let stored = try #require(screen.kittyImages.values.first).storedBytes
            #expect(stored <= room, "frame \(index): \(stored) bytes stored, room for \(room)")
            most = max(most, stored)
        }
        // The store was used: over half the room at its fullest.
        #expect(most > room / 2, "\(most) of \(room)")
        // Keeping every frame would take more than the room (nine frames, of two whole ones
        // each with many pieces), so frames were edited; with one piece a frame, fewer kitty
        // frames than the picture's.
        if !manyPieces { #expect(screen.kittyImages.values.first.map(\.frames.count) ?? 0 < pictures.count) }
    }

    @Test func sixelDrawsOnlyWhatChangedAndNothingGhosts() throws {
        let pictures = Self.pictures(Self.frames(), terminalScales: false)
        // Screen pixels, on whole cells.
        #expect(pictures[0].layout.scaleFactor == 1)
        #expect(pictures[0].image.width % 8 == 0 && pictures[0].image.height % 16 == 0)
        let screen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16)
        let output = SixelOutput()
        let sizes = try Self.play(
            pictures, order: Array(0..<pictures.count) + [2, 8, 0], through: output, screen: screen, tolerance: 2)
        #expect(sizes[1] < sizes[0] / 3)
        // After a clear, everything again.
        output.invalidate()
        try screen.feed(Array("\u{1B}[2J".utf8))
        _ = try Self.play(pictures, order: [4], through: output, screen: screen, tolerance: 2)
    }

    @Test func iterm2SendsOneImageAFrameAtMost() throws {
        let screen = PixelScreen(columns: 30, rows: 9, cellWidth: 8, cellHeight: 16)
        // Screen pixels (a picture too large to enlarge): the rectangle around what changed (one
        // image: here the moving square's cells; changes far apart make it larger).
        let large = Self.pictures(Self.frames(width: 240, height: 128, flicker: false), terminalScales: true)
        #expect(large[0].layout.scaleFactor == 1)
        let output = ITerm2Output()
        let sizes = try Self.play(large, order: Array(0..<large.count), through: output, screen: screen)
        #expect(screen.transmissions == large.count)
        #expect(sizes[1] < sizes[0] / 3)
        // Enlarged by the terminal: whole frames.
        let small = Self.pictures(Self.frames(), terminalScales: true)
        let enlarged = ITerm2Output()
        try screen.feed(Array("\u{1B}[2J".utf8))
        _ = try Self.play(small, order: [0, 1, 2], through: enlarged, screen: screen)
    }

    /// A 300x150 picture in 30x10 cells of 9x19 pixels is 270x135 on 8 whole rows (152 pixels):
    /// the 17 pixel rows of padding above and below it are left as the terminal shows them (its
    /// background, whatever colour; blended over an unknown one, black bars), in every way a
    /// sixel picture goes out: full screen, inline, whole changed cells, the still left after.
    @Test func sixelLeavesThePaddingToWholeCellsUndrawn() throws {
        let red = RGBA(r: 220, g: 30, b: 30)
        var renderer = PixelRenderer(background: .opaqueBlack, upscale: true, terminalScales: false)
        let picture = renderer.render(
            RGBAImage(width: 300, height: 150, fill: red), frame: FrameIdentity(file: 0, index: 0), areaColumns: 30,
            areaRows: 10, cellWidth: 9, cellHeight: 19)
        let layout = picture.layout
        #expect(layout.rows == 8 && layout.pictureHeight == 135 && layout.pictureY == 8)
        let drawings: [(String, [UInt8])] = [
            (
                "screen",
                {
                    var out: [UInt8] = []; SixelOutput().draw(picture, into: &out); return out
                }()
            ),
            (
                "whole cells",
                {
                    var out: [UInt8] = []; SixelOutput(changedPixelsOnly: false).draw(picture, into: &out); return out
                }()
            ),
            (
                "inline",
                {
                    var out: [UInt8] = []; SixelOutput(origin: .savedCursor).draw(picture, into: &out); return out
                }()
            ),
            ("still", SixelOutput().still(picture)),
        ]
        for (name, bytes) in drawings {
            let start = try #require(bytes.firstRange(of: Array("\u{1B}P".utf8))?.lowerBound, "\(name)")
            let end = try #require(bytes.firstRange(of: Array("\u{1B}\\".utf8))?.upperBound, "\(name)")
            let painted = try SixelDecoder.decode(Array(bytes[start..<end])).image
            #expect(painted.height == 152, "\(name)")
            var wrong: [String] = []
            for y in 0..<painted.height {
                let inPicture = (layout.pictureY..<(layout.pictureY + layout.pictureHeight)).contains(y)
                for x in 0..<painted.width {
                    let pixel = painted[x, y]
                    let right =
                        inPicture && (layout.pictureX..<(layout.pictureX + layout.pictureWidth)).contains(x)
                        ? Self.largestDifference(
                            RGBAImage(width: 1, height: 1, pixels: [pixel]),
                            RGBAImage(width: 1, height: 1, pixels: [red]))
                            <= 2
                        : pixel.a == 0
                    if !right { wrong.append("(\(x), \(y))") }
                }
            }
            #expect(wrong.isEmpty, "\(name): \(wrong.count) pixels wrong, the first \(wrong.prefix(3))")
            // On a terminal whose background is not black, that background above and below.
            let terminal = RGBA(r: 0x33, g: 0x66, b: 0x99)
            let screen = PixelScreen(columns: 30, rows: 12, cellWidth: 9, cellHeight: 19, background: terminal)
            try screen.feed(bytes)
            // The still goes where the cursor is (the top left here), the others where the layout says.
            let top = (name == "still" ? 0 : layout.originRow) * 19
            let shown = screen.picture
            #expect(shown[100, top] == terminal && shown[100, top + 151] == terminal, "\(name)")
            #expect(shown[100, top + 8] != terminal && shown[100, top + 142] != terminal, "\(name)")
        }
    }

    /// A delta paints every changed pixel, and nothing else but pixels the screen shows in that
    /// colour already (painted again where that makes a run longer): what was shown stays.
    @Test func aSixelDeltaPaintsTheChangedPixelsAndChangesNothingElse() throws {
        let pictures = Self.pictures(Self.frames(), terminalScales: false)
        let before = pictures[2].image, after = pictures[3].image
        let delta = SixelEncoder().encode(after, over: before)
        let painted = try SixelDecoder.decode(delta).image
        var changedCount = 0
        for y in 0..<after.height {
            for x in 0..<after.width {
                let changed = before[x, y] != after[x, y]
                if changed { changedCount += 1 }
                #expect(painted[x, y].a == 255 || !changed)
                // The frame's own colours (few of them), in percent.
                if painted[x, y].a == 255 {
                    #expect(
                        Self.largestDifference(
                            RGBAImage(width: 1, height: 1, pixels: [painted[x, y]]),
                            RGBAImage(width: 1, height: 1, pixels: [after[x, y]])) <= 2)
                }
            }
        }
        #expect(changedCount > 0)
    }
}

/// The small pieces pixel output stands on.
@Suite struct PixelPartsTests {
    @Test func base64MatchesRFC4648() {
        for (plain, encoded) in [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
        ] {
            #expect(Base64.encode(Array(plain.utf8)) == Array(encoded.utf8))
        }
        let bytes = (0..<300).map { UInt8($0 % 256) }
        #expect(PixelScreen.decodeBase64(Base64.encode(bytes)) == bytes)
    }

    @Test func theBoundingBoxHoldsEveryDifferenceAndNoMore() {
        var generator = SplitMix64(seed: 5)
        let before = RGBAImage(width: 50, height: 40, fill: .opaqueBlack)
        #expect(ChangedRegions.boundingBox(from: before, to: before).isEmpty)
        for _ in 0..<20 {
            var after = before
            var expected = PixelRect.empty
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let x = Int.random(in: 0..<50, using: &generator), y = Int.random(in: 0..<40, using: &generator)
                after[x, y] = RGBA(r: 9, g: 9, b: 9)
                expected = expected.union(PixelRect(x: x, y: y, width: 1, height: 1))
            }
            #expect(ChangedRegions.boundingBox(from: before, to: after) == expected)
            // Tiles: every changed pixel in some rectangle, every rectangle made of changed tiles.
            let tiles = ChangedRegions.rectangles(from: before, to: after, tileWidth: 8, tileHeight: 16)
            for y in 0..<40 {
                for x in 0..<50 where before[x, y] != after[x, y] {
                    #expect(tiles.contains { $0.x <= x && x < $0.maxX && $0.y <= y && y < $0.maxY })
                }
            }
            #expect(tiles.allSatisfy { $0.x % 8 == 0 && $0.y % 16 == 0 && $0.maxX <= 50 && $0.maxY <= 40 })
        }
    }
}
