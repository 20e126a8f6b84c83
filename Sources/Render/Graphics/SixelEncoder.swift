public import Decode
import Picture

/// Pictures as sixel graphics (DEC's six-pixel bands: xterm -ti vt340, foot, WezTerm, mlterm,
/// Konsole draw them). An opaque picture (or region) of at most 256 colours — a GIF's frame at
/// its own size — is sent in exactly its colours. Others get a fixed palette of 6 × 7 × 6 levels
/// (252 registers, green finest, as the eye is), chosen per pixel with an optional 4×4 ordered
/// dither, so no palette is computed per frame and a region drawn later matches what is around it.
///
/// Every pixel of what is encoded is drawn — transparent ones in `background`, blended ones over
/// it — except what lies outside the picture in an image padded to whole cells, which is left as
/// the terminal shows it. A picture therefore always covers what was on screen before (no
/// ghosting of earlier frames, the peers' known bug), and a changed region can be sent alone.
public struct SixelEncoder: Sendable {
    /// What transparency shows (the terminal's background where it says, `--bg`, else black).
    public var background: RGBA
    public var dither: Bool

    /// Registers used: 6 red × 7 green × 6 blue levels.
    public static let paletteSize = 252

    public init(background: RGBA = .opaqueBlack, dither: Bool = true) {
        self.background = background
        self.dither = dither
    }

    /// The register for a colour at pixel (x, y).
    @inline(__always)
    func register(_ pixel: RGBA, x: Int, y: Int) -> Int {
        let shown = pixel.over(r: background.r, g: background.g, b: background.b)
        let (r, g, b) = (Int(shown.r), Int(shown.g), Int(shown.b))
        // Dither by up to half a step of each channel's own levels.
        let offset = dither ? Self.bayer[(y & 3) * 4 + (x & 3)] : 8
        let red = min(5, (r * 5 * 16 + offset * 255) / (255 * 16))
        let green = min(6, (g * 6 * 16 + offset * 255) / (255 * 16))
        let blue = min(5, (b * 5 * 16 + offset * 255) / (255 * 16))
        return (red * 7 + green) * 6 + blue
    }

    /// The colour of register `index`.
    public static func color(ofRegister index: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let red = index / 42, green = index / 6 % 7, blue = index % 6
        return (UInt8(red * 255 / 5), UInt8(green * 255 / 6), UInt8(blue * 255 / 5))
    }

    /// 0…15, centred on 8: the 4×4 Bayer matrix.
    private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// `region` of `image` (all of it when nil) as one sixel sequence (DCS … ST), drawn from the
    /// cursor's cell; the caller places the cursor. Pixels left of or above the region are not
    /// sent. With `previous` (a picture of the same size that the screen shows), only the pixels
    /// that differ from it are drawn: the rest is left as it is, so the changes of a frame go out
    /// as one image with one palette, and no unchanged pixel is sent. With `picture` (where the
    /// picture is in an image padded to whole cells), nothing outside it is drawn: the padding
    /// shows what the terminal has there (its background), which tview may not know, and a
    /// colour of its own for it painted bars above and below the picture.
    public func encode(
        _ image: RGBAImage, region: PixelRect? = nil, over previous: RGBAImage? = nil, picture: PixelRect? = nil
    ) -> [UInt8] {
        let area = region ?? image.bounds
        guard !area.isEmpty else { return [] }
        // The part of the area that is picture (all of it without padding).
        let inner = picture.map { Self.intersection(area, $0) } ?? area
        guard !inner.isEmpty else { return [] }
        var drawn: [Bool]? = nil
        if previous != nil || inner != area {
            if let previous {
                precondition(previous.width == image.width && previous.height == image.height, "sizes differ")
            }
            var mask = [Bool](repeating: false, count: area.width * area.height)
            image.pixels.withUnsafeBufferPointer { now in
                for y in inner.y..<inner.maxY {
                    let row = (y - area.y) * area.width - area.x
                    guard let previous else {
                        for x in inner.x..<inner.maxX { mask[row + x] = true }
                        continue
                    }
                    previous.pixels.withUnsafeBufferPointer { before in
                        for x in inner.x..<inner.maxX {
                            mask[row + x] = now[y * image.width + x] != before[y * image.width + x]
                        }
                    }
                }
            }
            drawn = mask
        }
        let width = area.width
        // A register for every pixel, and the colours of the registers used: the picture's own
        // when it has at most 256 (exact, no dithering), else the fixed palette.
        var registers: [UInt8]
        var defined: [(index: Int, r: UInt8, g: UInt8, b: UInt8)] = []
        // Indexed with transparency kept: one pass tells both that the region is opaque (no
        // transparent index; partial alpha gives nil) and its colours. The picture's only: the
        // padding's colour is never drawn, and would make a 256-colour picture one too many.
        if let indexed = IndexedColors(image, region: inner, keepingTransparency: true), indexed.transparentIndex == nil
        {
            registers = inner == area ? indexed.indices : Self.spread(indexed.indices, from: inner, over: area)
            let palette = indexed.palette
            let used = Self.used(registers, drawn: drawn)
            for index in 0..<indexed.count where used[index] {
                defined.append((index, palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2]))
            }
        } else {
            registers = [UInt8](repeating: 0, count: width * area.height)
            image.pixels.withUnsafeBufferPointer { pixels in
                for row in 0..<area.height {
                    let y = area.y + row
                    for column in 0..<width {
                        let x = area.x + column
                        registers[row * width + column] = UInt8(register(pixels[y * image.width + x], x: x, y: y))
                    }
                }
            }
            let used = Self.used(registers, drawn: drawn)
            for index in 0..<Self.paletteSize where used[index] {
                let (r, g, b) = Self.color(ofRegister: index)
                defined.append((index, r, g, b))
            }
        }
        // DCS P1=0 (aspect from raster attributes), P2=1 (zero bits leave pixels alone: what is
        // not drawn stays as it is), then 1:1 aspect and the size.
        var out = ControlSequence.sixelStart("0;1;0") + Array("\"1;1;\(width);\(area.height)".utf8)
        for color in defined {
            out += Array("#\(color.index);2;\(percent(color.r));\(percent(color.g));\(percent(color.b))".utf8)
        }
        let registerCount = 256
        // Per band: each colour's six bits a column, the columns it spans, and which colours the
        // band uses (only those spans are written, scanned and cleared: a colour in a corner
        // costs its corner, not the width).
        var masks = [UInt8](repeating: 0, count: registerCount * width)
        var first = [Int](repeating: Int.max, count: registerCount)
        var last = [Int](repeating: -1, count: registerCount)
        var colorsInBand: [Int] = []
        masks.withUnsafeMutableBufferPointer { masks in
            registers.withUnsafeBufferPointer { registers in
                for bandTop in stride(from: 0, to: area.height, by: 6) {
                    colorsInBand.removeAll(keepingCapacity: true)
                    for bit in 0..<min(6, area.height - bandTop) {
                        let rowStart = (bandTop + bit) * width
                        for column in 0..<width {
                            if let drawn, !drawn[rowStart + column] { continue }
                            let index = Int(registers[rowStart + column])
                            if last[index] < 0 { colorsInBand.append(index) }
                            first[index] = min(first[index], column)
                            last[index] = max(last[index], column)
                            masks[index * width + column] |= 1 << bit
                        }
                    }
                    // A band with nothing drawn still moves on to the next.
                    if colorsInBand.isEmpty { out.append(UInt8(ascii: "-")) }
                    for (position, index) in colorsInBand.enumerated() {
                        out += Array("#\(index)".utf8)
                        let row = index * width
                        // Leading empty columns as one run of '?'; trailing ones left out.
                        if first[index] > 0 { appendRun(of: 0, count: first[index], to: &out) }
                        appendRow(masks[(row + first[index])...(row + last[index])], to: &out)
                        for column in first[index]...last[index] { masks[row + column] = 0 }
                        first[index] = Int.max
                        last[index] = -1
                        // `$` back to the band's start for the next colour; `-` on to the next band.
                        out.append(position == colorsInBand.count - 1 ? UInt8(ascii: "-") : UInt8(ascii: "$"))
                    }
                }
            }
        }
        out += ControlSequence.stringTerminator
        return out
    }

    /// The overlap of two rectangles (empty where they do not meet).
    private static func intersection(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let left = max(a.x, b.x), top = max(a.y, b.y)
        return PixelRect(x: left, y: top, width: min(a.maxX, b.maxX) - left, height: min(a.maxY, b.maxY) - top)
    }

    /// Indices of `inner`'s pixels laid out over `area` (which holds it), 0 elsewhere (not drawn).
    private static func spread(_ indices: [UInt8], from inner: PixelRect, over area: PixelRect) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: area.width * area.height)
        for y in 0..<inner.height {
            let from = y * inner.width
            let to = (inner.y - area.y + y) * area.width + inner.x - area.x
            out[to..<(to + inner.width)] = indices[from..<(from + inner.width)]
        }
        return out
    }

    /// Which registers the drawn pixels use.
    private static func used(_ registers: [UInt8], drawn: [Bool]?) -> [Bool] {
        var used = [Bool](repeating: false, count: 256)
        registers.withUnsafeBufferPointer { registers in
            if let drawn {
                drawn.withUnsafeBufferPointer { drawn in
                    for position in registers.indices where drawn[position] { used[Int(registers[position])] = true }
                }
            } else {
                for index in registers { used[Int(index)] = true }
            }
        }
        return used
    }

    /// One colour's six-pixel column bits as sixel characters, runs of four or more as `!n`.
    private func appendRow(_ bits: Slice<UnsafeMutableBufferPointer<UInt8>>, to out: inout [UInt8]) {
        var index = bits.startIndex
        while index < bits.endIndex {
            let value = bits[index]
            var run = 1
            while index + run < bits.endIndex && bits[index + run] == value { run += 1 }
            appendRun(of: value, count: run, to: &out)
            index += run
        }
    }

    private func appendRun(of bits: UInt8, count: Int, to out: inout [UInt8]) {
        let character = 63 + bits
        if count >= 4 {
            out += Array("!\(count)".utf8)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }

    private func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }
}
