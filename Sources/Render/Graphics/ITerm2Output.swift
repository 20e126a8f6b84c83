public import Picture
import Decode

/// Pictures as iTerm2 inline images (OSC 1337 File=, PNG), stretched over exactly their cells
/// (the terminal enlarges them): at most one image a frame — the whole picture first, then,
/// where sent pixels are screen pixels, the cell-aligned rectangle around what changed.
/// Pictures are opaque, so nothing earlier shows through.
public final class ITerm2Output: GraphicsOutput {
    private var shown: PixelPicture?
    /// Where the layout's cells are counted from.
    private let origin: PictureOrigin

    public init(origin: PictureOrigin = .screen) {
        self.origin = origin
    }

    public func draw(_ picture: PixelPicture, into out: inout [UInt8]) {
        let layout = picture.layout
        var region = picture.image.bounds
        if let shown, shown.layout == layout, layout.scaleFactor == 1 {
            let changed = ChangedRegions.rectangles(
                from: shown.image, to: picture.image, tileWidth: layout.cellWidth, tileHeight: layout.cellHeight)
            region = changed.reduce(PixelRect.empty) { $0.union($1) }
        }
        self.shown = picture
        guard !region.isEmpty else { return }
        origin.moveCursor(
            row: layout.originRow + region.y / layout.cellHeight,
            column: layout.originColumn + region.x / layout.cellWidth, into: &out)
        append(picture, region: region, moveCursor: false, into: &out)
    }

    public func invalidate() {
        shown = nil
    }

    public func release(into out: inout [UInt8]) {}

    public func still(_ picture: PixelPicture) -> [UInt8] {
        var out: [UInt8] = []
        append(
            picture, region: picture.image.bounds, moveCursor: true, into: &out)
        return out + Array("\r\n".utf8)
    }

    /// One image: `region` (whole cells) over its cells.
    private func append(_ picture: PixelPicture, region: PixelRect, moveCursor: Bool, into out: inout [UInt8]) {
        let layout = picture.layout
        guard let png = PNGEncoder.encode(picture.image, region: region) else { return }
        // Sent pixels are screen pixels enlarged by the layout's factor.
        // The whole picture covers the layout's cells; a part (at screen pixels) its own.
        let whole = region == picture.image.bounds
        let columns = whole ? layout.columns : (region.width + layout.cellWidth - 1) / layout.cellWidth
        let rows = whole ? layout.rows : (region.height + layout.cellHeight - 1) / layout.cellHeight
        out += ControlSequence.iTerm2FileStart(
            "inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0"
                + (moveCursor ? "" : ";doNotMoveCursor=1") + ":")
        Base64.append(png, to: &out)
        out.append(0x07)
    }
}
