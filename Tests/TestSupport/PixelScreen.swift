public import Decode

/// A terminal's screen in pixels, for tests of what pixel output would show: reads the bytes tview
/// writes and paints sixel images, kitty images (transmission in chunks, PNG, placements over
/// cells, animation frames made and edited, the current frame chosen, deletion) and iTerm2 inline
/// images where the cursor puts them. Written from the protocols' documents, not from tview's
/// encoders; cursor moves and screen clears are followed, other text is ignored.
public final class PixelScreen {
    public let columns: Int
    public let rows: Int
    public let cellWidth: Int
    public let cellHeight: Int
    /// Painted sixel and iTerm2 pixels (kitty images are drawn over them by `picture`).
    private var canvas: RGBAImage
    private let background: RGBA
    public private(set) var row = 0
    public private(set) var column = 0
    private var saved = (row: 0, column: 0)
    /// How often a line feed on the last row scrolled the screen up a row.
    public private(set) var scrolls = 0

    /// kitty's images: frames and which one is current; placements by image id.
    public struct KittyImage {
        public var frames: [RGBAImage]
        public var current: Int  // 0-based
        /// What kitty 0.26.5 stores of each frame (graphics.c): a frame made on top of another
        /// keeps only its rectangle and refers to its base, unless the base's chain of frames is
        /// already long (five, or twice the image's area drawn), when it keeps the whole frame;
        /// an edited frame is kept whole.
        var stored: [(bytes: Int, chainFrames: Int, chainArea: Int)]
        public var storedBytes: Int { stored.reduce(0) { $0 + $1.bytes } }

        init(root: RGBAImage) {
            frames = [root]
            current = 0
            stored = [(root.width * root.height * 4, 1, root.width * root.height)]
        }
    }
    public private(set) var kittyImages: [Int: KittyImage] = [:]
    private var placements: [Int: (row: Int, column: Int, columns: Int, rows: Int)] = [:]
    private var chunks: [UInt8] = []
    private var chunkKeys: [String: String] = [:]
    /// Commands that failed as the terminal would reject them (unknown image, bad frame).
    public private(set) var errors: [String] = []
    /// How many kitty image transmissions (a=t/T/f payloads) and iTerm2 images arrived.
    public private(set) var transmissions = 0

    /// `background`: the terminal's own, under everything (kitty composes its images' alpha
    /// over what is under them).
    public init(columns: Int, rows: Int, cellWidth: Int, cellHeight: Int, background: RGBA = .opaqueBlack) {
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.background = background
        canvas = RGBAImage(width: columns * cellWidth, height: rows * cellHeight, fill: background)
    }

    public enum Failure: Error { case bad(String) }

    public func feed(_ bytes: [UInt8]) throws {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                if bytes[index] == 0x0A { lineFeed() }
                if bytes[index] == 0x0D { column = 0 }
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "7"):
                saved = (row, column)
                index += 2
            case UInt8(ascii: "8"):
                (row, column) = saved
                index += 2
            case UInt8(ascii: "["):
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { throw Failure.bad("unterminated CSI") }
                control(Array(bytes[(index + 2)..<end]), final: bytes[end])
                index = end + 1
            case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "]"):
                guard let end = stringEnd(bytes, from: index + 2) else { throw Failure.bad("unterminated string") }
                let body = Array(bytes[(index + 2)..<end.body])
                switch bytes[index + 1] {
                case UInt8(ascii: "P") where body.starts(with: Array("tmux;".utf8)):
                    // tmux passthrough: the sequence inside, its ESCs doubled, reaches the terminal.
                    try feed(Self.unwrapTmux(Array(bytes[index..<end.next])))
                case UInt8(ascii: "P"):
                    if body.contains(UInt8(ascii: "q")) {
                        try sixel(Array(bytes[index..<end.next]))
                    }
                case UInt8(ascii: "_"): try kitty(body)
                default: try iterm2(body)
                }
                index = end.next
            default:
                index += 2
            }
        }
    }

    /// What a tmux passthrough (`ESC P tmux; … ESC \`) carries: ESC ESC is one ESC.
    static func unwrapTmux(_ sequence: [UInt8]) -> [UInt8] {
        let inner = sequence[7..<(sequence.count - 2)]
        var out: [UInt8] = []
        var escaped = false
        for byte in inner {
            if byte == 0x1B && !escaped {
                escaped = true
                continue
            }
            escaped = false
            out.append(byte)
        }
        return out
    }

    /// Where a string (DCS, APC, OSC) ends: before ST (ESC \) or BEL. In a tmux passthrough an
    /// ESC is doubled, so ESC ESC is data, not the start of ST.
    private func stringEnd(_ bytes: [UInt8], from start: Int) -> (body: Int, next: Int)? {
        var i = start
        let passthrough = bytes[start...].starts(with: Array("tmux;".utf8))
        while i < bytes.count {
            if passthrough, bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == 0x1B {
                i += 2
                continue
            }
            if bytes[i] == 0x07 { return (i, i + 1) }
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\") { return (i, i + 2) }
            i += 1
        }
        return nil
    }

    private func control(_ parameters: [UInt8], final: UInt8) {
        let numbers = String(decoding: parameters, as: UTF8.self).split(
            separator: ";", omittingEmptySubsequences: false
        )
        .map { Int($0) ?? 0 }
        switch final {
        case UInt8(ascii: "H"):
            row = max(1, numbers.first ?? 1) - 1
            column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case UInt8(ascii: "A"):
            row = max(0, row - max(1, numbers.first ?? 1))
        case UInt8(ascii: "B"):
            row = min(rows - 1, row + max(1, numbers.first ?? 1))
        case UInt8(ascii: "G"):
            column = max(1, numbers.first ?? 1) - 1
        case UInt8(ascii: "J") where numbers.first == 0:
            // From the cursor to the end: the rest of its row and every row below, sixel pixels
            // too (xterm), back to the background.
            for y in (row * cellHeight)..<canvas.height {
                for x in (y < (row + 1) * cellHeight ? column * cellWidth : 0)..<canvas.width {
                    canvas[x, y] = background
                }
            }
        case UInt8(ascii: "J") where numbers.first == 2:
            // Clears text, sixel pixels and kitty placements (not the images).
            canvas = RGBAImage(width: canvas.width, height: canvas.height, fill: .opaqueBlack)
            placements = [:]
        default: break
        }
    }

    // MARK: sixel

    /// As mlterm 3.9 does: a sixel image's zero bits paint black (P2=1 notwithstanding), over
    /// the whole cells the image reaches.
    public var sixelPaintsZeroBits = false

    private func sixel(_ sequence: [UInt8]) throws {
        let decoded = try SixelDecoder.decode(sequence)
        if sixelPaintsZeroBits {
            let width = (decoded.image.width + cellWidth - 1) / cellWidth * cellWidth
            let height = (decoded.image.height + cellHeight - 1) / cellHeight * cellHeight
            paint(
                RGBAImage(width: width, height: height, fill: .opaqueBlack), atX: column * cellWidth,
                y: row * cellHeight)
        }
        paint(decoded.image, atX: column * cellWidth, y: row * cellHeight)
        // Sixel scrolling on (the default): the cursor goes to the row of the image's last pixel
        // row, the screen scrolling when that is past the bottom.
        let last = row + (decoded.image.height + cellHeight - 1) / cellHeight - 1
        for _ in row..<max(row, last) { lineFeed() }
    }

    /// Down a row; on the last row the screen scrolls up a row instead (pictures with it).
    private func lineFeed() {
        guard row == rows - 1 else {
            row += 1
            return
        }
        scrolls += 1
        var moved = RGBAImage(width: canvas.width, height: canvas.height, fill: .opaqueBlack)
        for y in 0..<(canvas.height - cellHeight) {
            for x in 0..<canvas.width { moved[x, y] = canvas[x, y + cellHeight] }
        }
        canvas = moved
        for (id, place) in placements { placements[id] = (place.row - 1, place.column, place.columns, place.rows) }
    }

    /// Paints the opaque pixels of `image` (transparent ones leave the screen alone).
    private func paint(_ image: RGBAImage, atX left: Int, y top: Int) {
        for y in 0..<image.height where top + y < canvas.height {
            for x in 0..<image.width where left + x < canvas.width {
                let pixel = image[x, y]
                if pixel.a == 255 { canvas[left + x, top + y] = pixel }
            }
        }
    }

    // MARK: kitty

    private func kitty(_ body: [UInt8]) throws {
        guard body.first == UInt8(ascii: "G") else { return }
        let parts = body.dropFirst().split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
        var keys: [String: String] = [:]
        for pair in parts[0].split(separator: UInt8(ascii: ",")) {
            let field = String(decoding: pair, as: UTF8.self).split(separator: "=", maxSplits: 1)
            if field.count == 2 { keys[String(field[0])] = String(field[1]) }
        }
        let payload = parts.count > 1 ? Array(parts[1]) : []
        // Chunks: the first carries the keys, the rest only m. kitty 0.26.5 loses an animation
        // frame's keys when its data is chunked (measured): refused here, as an error.
        if keys["m"] == "1" && keys["a"] == "f" { errors.append("a=f in chunks (kitty 0.26.5 loses its keys)") }
        if !chunks.isEmpty || keys["m"] == "1" {
            if chunks.isEmpty && chunkKeys.isEmpty { chunkKeys = keys }
            chunks += payload
            if keys["m"] == "1" { return }
            keys = chunkKeys
            chunkKeys = [:]
            let all = chunks
            chunks = []
            try kittyCommand(keys, payload: all)
        } else {
            try kittyCommand(keys, payload: payload)
        }
    }

    private func kittyCommand(_ keys: [String: String], payload: [UInt8]) throws {
        let id = Int(keys["i"] ?? "0") ?? 0
        func number(_ key: String) -> Int { Int(keys[key] ?? "0") ?? 0 }
        switch keys["a"] ?? "t" {
        case "t", "T":
            guard keys["f"] == "100" else { throw Failure.bad("kitty: only PNG is expected, f=\(keys["f"] ?? "32")") }
            transmissions += 1
            kittyImages[id] = KittyImage(root: try png(payload))
            if keys["a"] == "T" {
                placements[id] = (row, column, number("c"), number("r"))
            }
        case "p":
            placements[id] = (row, column, number("c"), number("r"))
        case "f":
            guard var image = kittyImages[id] else { return errors.append("ENOENT a=f i=\(id)") }
            transmissions += 1
            let data = try png(payload)
            let edit = number("r"), base = number("c")
            var target: RGBAImage
            if edit > 0 {
                guard edit <= image.frames.count else { return errors.append("ENOENT r=\(edit)") }
                target = image.frames[edit - 1]
            } else if base > 0 {
                guard base <= image.frames.count else { return errors.append("ENOENT c=\(base)") }
                target = image.frames[base - 1]
            } else {
                target = RGBAImage(width: image.frames[0].width, height: image.frames[0].height)
            }
            let x = number("x"), y = number("y")
            guard x + data.width <= target.width, y + data.height <= target.height else {
                return errors.append("EINVAL frame rectangle out of bounds")
            }
            guard keys["X"] == "1" && keys["C"] == "1" else {
                throw Failure.bad("kitty: frames are expected to replace (X=1 to kitty 0.44, C=1 from 0.45)")
            }
            for row in 0..<data.height {
                for column in 0..<data.width { target[x + column, y + row] = data[column, row] }
            }
            let whole = target.width * target.height
            if edit > 0 {
                image.frames[edit - 1] = target
                image.stored[edit - 1] = (whole * 4, 1, whole)
            } else {
                image.frames.append(target)
                let under = base > 0 ? image.stored[base - 1] : (bytes: 0, chainFrames: 0, chainArea: 0)
                let long = under.chainFrames > 1 && (under.chainFrames >= 5 || under.chainArea >= 2 * whole)
                let drawn = data.width * data.height
                image.stored.append(
                    base == 0 || long
                        ? (whole * 4, 1, whole) : (drawn * 4, under.chainFrames + 1, under.chainArea + drawn))
            }
            kittyImages[id] = image
        case "a":
            guard var image = kittyImages[id] else { return errors.append("ENOENT a=a i=\(id)") }
            let current = number("c")
            if current > 0 {
                guard current <= image.frames.count else { return errors.append("ENOENT a=a c=\(current)") }
                image.current = current - 1
            }
            kittyImages[id] = image
        case "d":
            if keys["d"] == "I" || keys["d"] == "i" {
                placements[id] = nil
                if keys["d"] == "I" { kittyImages[id] = nil }
            } else {
                placements = [:]
                kittyImages = [:]
            }
        case "q": break
        default: throw Failure.bad("kitty: unexpected action \(keys["a"] ?? "")")
        }
    }

    private func png(_ base64: [UInt8]) throws -> RGBAImage {
        guard let bytes = Self.decodeBase64(base64) else { throw Failure.bad("bad base64") }
        do {
            let image = try AnimatedImage.open(bytes: bytes, name: "payload")
            guard let frame = try image.nextFrame() else { throw Failure.bad("empty PNG") }
            return frame.image
        } catch let error as DecodeError {
            throw Failure.bad("PNG: \(error)")
        }
    }

    // MARK: iTerm2

    private func iterm2(_ body: [UInt8]) throws {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("1337;File="), let colon = body.firstIndex(of: UInt8(ascii: ":")) else { return }
        var keys: [String: String] = [:]
        for pair in text.dropFirst("1337;File=".count).prefix(while: { $0 != ":" }).split(separator: ";") {
            let field = pair.split(separator: "=", maxSplits: 1)
            if field.count == 2 { keys[String(field[0])] = String(field[1]) }
        }
        guard keys["inline"] == "1" else { return }
        transmissions += 1
        let image = try png(Array(body[(colon + 1)...]))
        // width and height in cells; stretched (preserveAspectRatio=0) over them.
        let width = (Int(keys["width"] ?? "") ?? 0) * cellWidth, height = (Int(keys["height"] ?? "") ?? 0) * cellHeight
        guard width > 0, height > 0, keys["preserveAspectRatio"] == "0" else {
            throw Failure.bad("iTerm2: expected a size in cells and preserveAspectRatio=0")
        }
        paint(Self.stretch(image, width: width, height: height), atX: column * cellWidth, y: row * cellHeight)
        if keys["doNotMoveCursor"] != "1" {
            row += height / cellHeight
            column = 0
        }
    }

    // MARK: what shows

    /// The screen: painted pixels, kitty placements' current frames over them.
    public var picture: RGBAImage {
        var out = canvas
        for (id, place) in placements {
            guard let image = kittyImages[id] else { continue }
            let frame = image.frames[image.current]
            let width = place.columns > 0 ? place.columns * cellWidth : frame.width
            let height = place.rows > 0 ? place.rows * cellHeight : frame.height
            let stretched = Self.stretch(frame, width: width, height: height)
            for y in 0..<height where place.row * cellHeight + y < out.height {
                for x in 0..<width where place.column * cellWidth + x < out.width {
                    let pixel = stretched[x, y]
                    let (screenX, screenY) = (place.column * cellWidth + x, place.row * cellHeight + y)
                    let under = out[screenX, screenY]
                    out[screenX, screenY] = Self.compose(pixel, over: under)
                }
            }
        }
        return out
    }

    /// `pixel` over an opaque `under`, by its alpha (8-bit, rounded).
    static func compose(_ pixel: RGBA, over under: RGBA) -> RGBA {
        let alpha = Int(pixel.a)
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            let sum: Int = Int(top) * alpha + Int(bottom) * (255 - alpha) + 127
            return UInt8(sum / 255)
        }
        return RGBA(r: mix(pixel.r, under.r), g: mix(pixel.g, under.g), b: mix(pixel.b, under.b), a: 255)
    }

    /// Nearest-neighbour scaling (what matters here is which source pixel lands where).
    public static func stretch(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        guard image.width != width || image.height != height else { return image }
        var out = RGBAImage(width: width, height: height)
        for y in 0..<height {
            let sourceY = min(image.height - 1, (2 * y + 1) * image.height / (2 * height))
            for x in 0..<width {
                out[x, y] = image[min(image.width - 1, (2 * x + 1) * image.width / (2 * width)), sourceY]
            }
        }
        return out
    }

    public static func decodeBase64(_ text: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for character in text {
            let value: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): continue
            default: return nil
            }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return out
    }
}
