public import Picture
import Decode

/// Pictures through kitty's graphics protocol. Each frame is sent once: the first as an image
/// (PNG), later ones as animation frames holding only the rectangles that differ from the frame
/// shown before, each rectangle a new kitty frame on top of the one before (`a=f,c=`); a frame
/// sent before is shown again by number (`a=a,c=`, a few bytes), so later loops cost almost
/// nothing. Frames are never edited once made (`a=f,r=`) until the store is full: in a big
/// gallery kitty 0.26.5 now and then showed edited frames with some rectangles missing (black
/// patches: e2e/kitty_gallery.py). The player keeps the timing (keys, speed,
/// pauses, slow links), the terminal the pixels.
///
/// Terminals that show kitty images but keep no animation frames get each frame as a whole
/// image under one of two ids in turn, the other deleted once the new one is placed (no flicker).
/// Past `storedBytes` of frames kept in the terminal (kitty's own quota is 320 MB of images and
/// five times that of frames), frames are no longer kept: the shown one is edited in place.
/// What kitty keeps is counted as kitty keeps it (`KittyFrameChain`), with a whole frame in
/// reserve for that edit, so the store stays within `storedBytes`.
public final class KittyOutput: GraphicsOutput {
    public let animationFrames: Bool
    public let storedBytes: Int
    /// Inside tmux: the graphics commands go through to the outer terminal (kitty), placed where
    /// the pane is; tmux neither draws nor clears these pictures, so they are deleted explicitly.
    public let passthrough: TmuxPassthrough?
    /// Where the layout's cells are counted from.
    public let origin: PictureOrigin
    /// Placed by Unicode placeholders (`KittyPlaceholder`): each image a virtual placement
    /// (`U=1`) shown by cells written as text where the picture goes, once for each place (the
    /// frames change under them). Each frame goes whole under the one id, not as animation
    /// frames: tmux drops what passes through while a redraw of the pane is pending (tmux 3.3a;
    /// an image sent with the end of the alternate screen never arrived), and a whole frame
    /// lost is made good by the next, where a lost animation frame would break the ones built
    /// on it. Else placed at the cursor.
    public let placeholders: Bool
    /// Ids are tview's (0x7476 is "tv"), counted on per image within this output's range (a
    /// gallery has an output per tile, each with its own range).
    private let ids: ClosedRange<UInt32>
    private var nextID: UInt32
    private var image: UInt32?
    private var imageLayout: PixelLayout?
    private var imageFile = -1
    private var imageGeneration = -1
    /// Which kitty frame (1-based) holds which of tview's frames, and how many there are.
    private var frames: [FrameIdentity: Int] = [:]
    private var frameCount = 0
    /// Each kitty frame's chain of frames it is drawn on (`KittyFrameChain`), and what they hold.
    private var chains: [Int: KittyFrameChain] = [:]
    /// The sum of `chains`' stored bytes, kept as they change (not summed again each frame).
    private var storedEstimate = 0
    /// What the screen shows: the picture and its frame number in the image.
    private var shown: PixelPicture?
    private var shownFrame = 0
    /// The flip fallback's image that is on screen.
    private var flipImage: UInt32?
    /// Square tiles for the changed rectangles: small enough to leave unchanged parts out, large
    /// enough that each costs a command rather than a PNG header per few pixels.
    static let tile = 32

    public init(
        animationFrames: Bool = true, storedBytes: Int = 1 << 30, passthrough: TmuxPassthrough? = nil,
        ids: ClosedRange<UInt32> = 0x7476_0001...0x7476_FEFF, origin: PictureOrigin = .screen,
        placeholders: Bool = false
    ) {
        self.ids = ids
        self.origin = origin
        self.placeholders = placeholders
        nextID = ids.lowerBound
        self.animationFrames = animationFrames
        self.storedBytes = storedBytes
        self.passthrough = passthrough
    }

    public func draw(_ picture: PixelPicture, into out: inout [UInt8]) {
        guard animationFrames, !placeholders else { return flip(to: picture, into: &out) }
        let frame = picture.frame
        if let image, imageLayout == picture.layout, imageFile == frame.file, imageGeneration == frame.generation,
            let shown
        {
            if let number = frames[frame] {
                if number != shownFrame { command("a=a,i=\(image),c=\(number)", into: &out) }
            } else {
                let regions = ChangedRegions.rectangles(
                    from: shown.image, to: picture.image, tileWidth: Self.tile, tileHeight: Self.tile)
                if regions.isEmpty {
                    frames[frame] = shownFrame
                } else {
                    let pieces = regions.flatMap { Self.pieces(of: picture, region: $0) }
                    // What kitty would keep of a new frame for each piece, each on top of the
                    // one before.
                    var planned: [KittyFrameChain] = []
                    var chain = chains[shownFrame] ?? .whole(picture.image)
                    for piece in pieces {
                        chain = chain.adding(piece.region, of: picture.image)
                        planned.append(chain)
                    }
                    let added = planned.reduce(0) { $0 + $1.storedBytes }
                    // Room for them, and for the whole frame an edit may make of the shown one later.
                    if storedEstimate + added + Self.bytes(of: picture) <= storedBytes {
                        var base = shownFrame
                        for (piece, chain) in zip(pieces, planned) {
                            frameCount += 1
                            chains[frameCount] = chain
                            sendFrameData(piece, image: image, base: "c=\(base)", into: &out)
                            base = frameCount
                        }
                        storedEstimate += added
                        frames[frame] = frameCount
                        command("a=a,i=\(image),c=\(frameCount)", into: &out)
                    } else {
                        // Full: edit the shown frame, which kitty then holds whole. Frames drawn
                        // on top of it change with it, so none but this one is known to hold its
                        // frame any more.
                        let whole = KittyFrameChain.whole(picture.image)
                        storedEstimate += whole.storedBytes - (chains[shownFrame]?.storedBytes ?? whole.storedBytes)
                        chains[shownFrame] = whole
                        for piece in pieces {
                            sendFrameData(piece, image: image, base: "r=\(shownFrame)", into: &out)
                        }
                        frames = [frame: shownFrame]
                    }
                }
            }
        } else {
            release(into: &out)
            let id = takeID()
            image = id
            imageLayout = picture.layout
            imageFile = frame.file
            imageGeneration = frame.generation
            transmitAndPlace(picture, id: id, into: &out)
            // Frames change only when tview says so.
            command("a=a,i=\(id),s=1", into: &out)
            frames = [frame: 1]
            frameCount = 1
            chains = [1: .whole(picture.image)]
            storedEstimate = Self.bytes(of: picture)
        }
        shown = picture
        shownFrame = frames[frame] ?? shownFrame
    }

    /// Without animation frames: the whole picture as a new image over the old, which then goes.
    /// With placeholders, the new picture replaces the image under the same id instead: the
    /// cells showing it are written again only when it moves.
    private func flip(to picture: PixelPicture, into out: inout [UInt8]) {
        if placeholders {
            let id = flipImage ?? takeID()
            if flipImage == nil || shown?.layout != picture.layout {
                transmitAndPlace(picture, id: id, into: &out)
            } else {
                transmit(picture, keys: "a=T,i=\(id),U=1\(Self.placement(picture.layout))", into: &out)
            }
            flipImage = id
            shown = picture
            return
        }
        let id = takeID()
        if let old = flipImage, let shown, shown.layout != picture.layout {
            // A new place: the old picture must not stay around it.
            command("a=d,d=I,i=\(old)", into: &out)
            flipImage = nil
        }
        transmitAndPlace(picture, id: id, into: &out)
        if let old = flipImage { command("a=d,d=I,i=\(old)", into: &out) }
        flipImage = id
        shown = picture
    }

    public func invalidate() {
        // The screen was cleared, and with it the placement: the next draw deletes the image
        // and sends a new one.
        shown = nil
    }

    public func release(into out: inout [UInt8]) {
        if let image { command("a=d,d=I,i=\(image)", into: &out) }
        if let flipImage { command("a=d,d=I,i=\(flipImage)", into: &out) }
        image = nil
        flipImage = nil
        frames = [:]
        frameCount = 0
        chains = [:]
        storedEstimate = 0
    }

    /// Deletes the image `still` makes first (its id is always the first of the range): what a
    /// run that placed one picture left.
    public func deleteFirstStill(into out: inout [UInt8]) {
        command("a=d,d=I,i=\(ids.lowerBound)", into: &out)
    }

    public func still(_ picture: PixelPicture) -> [UInt8] {
        var out: [UInt8] = []
        let id = takeID()
        // Through tmux the outer cursor is not known, and an image sent as the pane leaves the
        // alternate screen is dropped (`placeholders`): nothing is left behind.
        guard passthrough == nil else { return [] }
        transmit(picture, keys: "a=T,i=\(id)\(Self.placement(picture.layout))", into: &out)
        return out + Array("\r\n".utf8)
    }

    private func takeID() -> UInt32 {
        defer { nextID = nextID == ids.upperBound ? ids.lowerBound : nextID + 1 }
        return nextID
    }

    /// The cells the picture is stretched over (the canvas has their aspect).
    private static func placement(_ layout: PixelLayout) -> String {
        ",c=\(layout.columns),r=\(layout.rows)"
    }

    private static func bytes(of picture: PixelPicture) -> Int {
        picture.image.width * picture.image.height * 4
    }

    /// A command without data; no reply (q=2).
    private func command(_ keys: String, into out: inout [UInt8]) {
        emit(ControlSequence.kittyGraphics("\(keys),q=2"), into: &out)
    }

    /// A sequence for the terminal: as it is, or through tmux.
    private func emit(_ sequence: [UInt8], into out: inout [UInt8]) {
        if let passthrough { passthrough.append(sequence, to: &out) } else { out += sequence }
    }

    /// Sends the whole picture as image `id` and places it over its cells, the cursor left where
    /// it was. Through tmux, which sends the outer cursor home after each sequence it passes on
    /// (tmux 3.3a), the image is sent first and then placed by one sequence that moves the outer
    /// cursor itself, to where the pane is.
    private func transmitAndPlace(_ picture: PixelPicture, id: UInt32, into out: inout [UInt8]) {
        let layout = picture.layout
        if placeholders {
            // The image and its virtual placement (through tmux when inside it), then the cells
            // that show it, as text wherever the picture goes.
            transmit(picture, keys: "a=T,i=\(id),U=1\(Self.placement(layout))", into: &out)
            KittyPlaceholder.appendCells(
                image: id, rows: layout.rows, columns: layout.columns, row: layout.originRow,
                column: layout.originColumn, origin: origin, into: &out)
            return
        }
        guard let passthrough else {
            origin.moveCursor(row: layout.originRow, column: layout.originColumn, into: &out)
            transmit(picture, keys: "a=T,i=\(id),C=1\(Self.placement(layout))", into: &out)
            return
        }
        transmit(picture, keys: "a=t,i=\(id)", into: &out)
        var place: [UInt8] = []
        PictureOrigin.screen.moveCursor(
            row: passthrough.top + layout.originRow, column: passthrough.left + layout.originColumn, into: &place)
        place += ControlSequence.kittyGraphics("a=p,i=\(id),C=1\(Self.placement(layout)),q=2")
        passthrough.append(place, to: &out)
    }

    /// A rectangle of a picture as PNG small enough for one command.
    struct Piece {
        let region: PixelRect
        let png: [UInt8]
    }

    /// `region` as pieces of one command each: kitty 0.26.5 drops an `a=f` command's keys when
    /// its data comes in chunks (the frame then takes the data's size: measured, a 40x40 delta
    /// stretched over the whole image), so a region whose PNG would need more than one chunk is
    /// halved until each piece fits one.
    static func pieces(of picture: PixelPicture, region: PixelRect) -> [Piece] {
        let png = PNGEncoder.encode(picture.image, region: region, fast: false) ?? []
        guard (png.count + 2) / 3 * 4 > 4096, region.width * region.height > 1 else {
            return [Piece(region: region, png: png)]
        }
        let halves: [PixelRect]
        if region.width >= region.height {
            let left = region.width / 2
            halves = [
                PixelRect(x: region.x, y: region.y, width: left, height: region.height),
                PixelRect(x: region.x + left, y: region.y, width: region.width - left, height: region.height),
            ]
        } else {
            let top = region.height / 2
            halves = [
                PixelRect(x: region.x, y: region.y, width: region.width, height: top),
                PixelRect(x: region.x, y: region.y + top, width: region.width, height: region.height - top),
            ]
        }
        return halves.flatMap { pieces(of: picture, region: $0) }
    }

    /// A piece as frame data: `base` is `c=N` (a new frame on top of frame N) or `r=N` (frame N
    /// edited). Its pixels replace those under them: kitty up to 0.44 reads that from X=1, from
    /// 0.45 from C=1 (kitty#10379); each ignores the other key in `a=f`, so both go.
    private func sendFrameData(_ piece: Piece, image: UInt32, base: String, into out: inout [UInt8]) {
        var command = ControlSequence.kittyGraphicsStart(
            "a=f,i=\(image),\(base),X=1,C=1,x=\(piece.region.x),y=\(piece.region.y),f=100,q=2")
        Base64.append(piece.png, to: &command)
        command += ControlSequence.stringTerminator
        emit(command, into: &out)
    }

    /// The whole picture as PNG, in chunks of at most 4096 base64 bytes (an image's `a=t`/`a=T`
    /// takes chunks; animation frames go through `sendFrameData`).
    private func transmit(_ picture: PixelPicture, keys: String, into out: inout [UInt8]) {
        guard let png = PNGEncoder.encode(picture.image) else { return }
        let encoded = Base64.encode(png)
        var offset = 0
        repeat {
            let end = min(encoded.count, offset + 4096)
            let more = end < encoded.count ? 1 : 0
            var chunk: [UInt8]
            if offset == 0 {
                chunk = ControlSequence.kittyGraphicsStart("\(keys),f=100,q=2,m=\(more)")
            } else {
                chunk = ControlSequence.kittyGraphicsStart("m=\(more)")
            }
            chunk += encoded[offset..<end]
            chunk += ControlSequence.stringTerminator
            emit(chunk, into: &out)
            offset = end
        } while offset < encoded.count
    }
}
