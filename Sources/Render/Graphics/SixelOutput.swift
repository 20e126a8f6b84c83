public import Picture
import Decode

/// Pictures as sixel images: the whole picture first, then one image a frame, from the cell
/// where the changes begin, that draws the pixels that changed (pictures are opaque, so nothing
/// earlier shows through; the rest is left as it is). Measured on a 480x270 GIF: 40 % of the
/// bytes of sending each changed cell, which was 55 % of sending whole frames. An enlarged
/// picture's image may start a few cell rows higher, or go out as two, so that its bands start
/// where the picture's rows start (`SixelBandPhase`).
public final class SixelOutput: GraphicsOutput {
    private let encoder: SixelEncoder
    /// The terminal shows what is under a sixel image's zero bits as it was (P2=1), so a frame
    /// may draw only what changed; otherwise it draws the changed cells whole.
    private let changedPixelsOnly: Bool
    /// What the screen shows, when tview drew it.
    private var shown: PixelPicture?
    /// Where the layout's cells are counted from.
    private let origin: PictureOrigin
    /// The longest sixel sequence the terminal takes (tmux drops a longer one without a word);
    /// a longer frame goes out as stripes of whole cell rows, each its own sequence. Nil: any.
    private let sequenceLimit: Int?

    public init(
        dither: Bool = true, changedPixelsOnly: Bool = true, origin: PictureOrigin = .screen, sequenceLimit: Int? = nil
    ) {
        encoder = SixelEncoder(dither: dither)
        self.changedPixelsOnly = changedPixelsOnly
        self.origin = origin
        self.sequenceLimit = sequenceLimit
    }

    public func draw(_ picture: PixelPicture, into out: inout [UInt8]) {
        let layout = picture.layout
        var region = picture.image.bounds
        var previous: RGBAImage? = nil
        if let shown, shown.layout == layout {
            previous = shown.image
            let box = ChangedRegions.boundingBox(from: shown.image, to: picture.image)
            // The image starts at a cell: the box goes out to the cell grid at its top left.
            let x = box.x / layout.cellWidth * layout.cellWidth, y = box.y / layout.cellHeight * layout.cellHeight
            region = box.isEmpty ? box : PixelRect(x: x, y: y, width: box.maxX - x, height: box.maxY - y)
            if !changedPixelsOnly && !region.isEmpty {
                // Such a terminal also loses what is under the rest of the last cells the image
                // reaches: draw them whole.
                let right = min(
                    picture.image.width, (region.maxX + layout.cellWidth - 1) / layout.cellWidth * layout.cellWidth)
                let bottom = min(
                    picture.image.height, (region.maxY + layout.cellHeight - 1) / layout.cellHeight * layout.cellHeight)
                region = PixelRect(x: region.x, y: region.y, width: right - region.x, height: bottom - region.y)
            }
        }
        shown = picture
        guard !region.isEmpty else { return }
        let drawnOver = changedPixelsOnly ? previous : nil
        // Bands that start where the picture's rows start: from a cell row above (what is above
        // the changes is not drawn), or the rest as a second image.
        let phase = SixelBandPhase.choose(
            for: region, in: picture.image, over: drawnOver, picture: Self.pictureRect(layout),
            cellHeight: layout.cellHeight)
        region = PixelRect(x: region.x, y: phase.top, width: region.width, height: region.maxY - phase.top)
        guard let split = phase.split else {
            append(picture, region: region, over: drawnOver, phase: phase.phase, into: &out)
            return
        }
        let top = PixelRect(x: region.x, y: region.y, width: region.width, height: split - region.y)
        let rest = PixelRect(x: region.x, y: split, width: region.width, height: region.maxY - split)
        // The second image costs a cursor move, a header and the colours the two share defined
        // twice (at most the top's). Clearly worth it or clearly not, that decides; in between,
        // both ways are made and the shorter goes out.
        let shared =
            IndexedColors(picture.image, region: SixelEncoder.intersection(top, Self.pictureRect(layout)))?.count ?? 256
        let cost = 40 + 13 * shared
        var parts: [UInt8] = []
        if phase.splitGain > cost / 2 {
            append(picture, region: top, over: drawnOver, phase: phase.phase, into: &parts)
            append(picture, region: rest, over: drawnOver, phase: phase.phase, into: &parts)
            if phase.splitGain >= 2 * cost {
                out += parts
                return
            }
        }
        var whole: [UInt8] = []
        append(picture, region: region, over: drawnOver, phase: phase.phase, into: &whole)
        out += parts.isEmpty || whole.count <= parts.count ? whole : parts
    }

    /// `region` of `picture` (starting at a cell) as one sixel sequence at its cell, or, longer
    /// than `sequenceLimit`, as two stripes of whole cell rows (split at a row where bands start
    /// at `phase` when one is near the middle), each halved again while too long.
    private func append(
        _ picture: PixelPicture, region: PixelRect, over previous: RGBAImage?, phase: Int, into out: inout [UInt8]
    ) {
        let layout = picture.layout
        let sequence = encoder.encode(picture.image, region: region, over: previous, picture: Self.pictureRect(layout))
        let rows = (region.height + layout.cellHeight - 1) / layout.cellHeight
        if let sequenceLimit, sequence.count > sequenceLimit, rows > 1 {
            // The middle row, or the nearest within a third of the rows whose bands start at `phase`.
            var top = rows / 2
            for offset in 0...(rows / 3) {
                if (region.y + (rows / 2 + offset) * layout.cellHeight) % 6 == phase, rows / 2 + offset < rows {
                    top = rows / 2 + offset
                    break
                }
                if (region.y + (rows / 2 - offset) * layout.cellHeight) % 6 == phase, rows / 2 - offset > 0 {
                    top = rows / 2 - offset
                    break
                }
            }
            let height = top * layout.cellHeight
            append(
                picture, region: PixelRect(x: region.x, y: region.y, width: region.width, height: height),
                over: previous, phase: phase, into: &out)
            append(
                picture,
                region: PixelRect(
                    x: region.x, y: region.y + height, width: region.width, height: region.height - height),
                over: previous, phase: phase, into: &out)
            return
        }
        origin.moveCursor(
            row: layout.originRow + region.y / layout.cellHeight,
            column: layout.originColumn + region.x / layout.cellWidth, into: &out)
        out += sequence
    }

    /// Where the picture is in the image sent, which is padded to whole cells: the padding is
    /// never drawn (the terminal's own background shows there, whatever colour it is).
    private static func pictureRect(_ layout: PixelLayout) -> PixelRect {
        PixelRect(x: layout.pictureX, y: layout.pictureY, width: layout.pictureWidth, height: layout.pictureHeight)
    }

    public func invalidate() {
        shown = nil
    }

    public func release(into out: inout [UInt8]) {}

    public func still(_ picture: PixelPicture) -> [UInt8] {
        let sequence = encoder.encode(picture.image, picture: Self.pictureRect(picture.layout))
        // At the cursor, where stripes could not be placed: too long a still is left out.
        if let sequenceLimit, sequence.count > sequenceLimit { return [] }
        return sequence + Array("\r\n".utf8)
    }
}
