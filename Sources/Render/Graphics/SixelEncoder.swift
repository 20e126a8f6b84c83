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
    /// sent. With `previous` (a picture of the same size that the screen shows), the pixels that
    /// differ from it are drawn and the rest is left as it is (or drawn again in the colour it
    /// has, where that makes a run longer), so the changes of a frame go out as one image with
    /// one palette. With `picture` (where the picture is in an image padded to whole cells),
    /// nothing outside it is drawn: the padding shows what the terminal has there (its
    /// background), which tview may not know, and a colour of its own for it painted bars above
    /// and below the picture.
    public func encode(
        _ image: RGBAImage, region: PixelRect? = nil, over previous: RGBAImage? = nil, picture: PixelRect? = nil
    ) -> [UInt8] {
        let area = region ?? image.bounds
        guard !area.isEmpty else { return [] }
        // The part of the area that is picture (all of it without padding).
        let inner = picture.map { Self.intersection(area, $0) } ?? area
        guard !inner.isEmpty else { return [] }
        // Over what the screen shows, the pixels that differ from it must be drawn.
        var drawn: [Bool]? = nil
        if let previous {
            precondition(previous.width == image.width && previous.height == image.height, "sizes differ")
            var mask = [Bool](repeating: false, count: area.width * area.height)
            image.pixels.withUnsafeBytes { now in
                previous.pixels.withUnsafeBytes { before in
                    // A pixel as one 32-bit word: one comparison.
                    let now = now.bindMemory(to: UInt32.self), before = before.bindMemory(to: UInt32.self)
                    mask.withUnsafeMutableBufferPointer { mask in
                        for y in inner.y..<inner.maxY {
                            let row = (y - area.y) * area.width - area.x
                            for x in inner.x..<inner.maxX {
                                mask[row + x] = now[y * image.width + x] != before[y * image.width + x]
                            }
                        }
                    }
                }
            }
            drawn = mask
        }
        let width = area.width
        // A register for every pixel, and the colours of the registers: the picture's own when it
        // has at most 256 (exact, no dithering), else the fixed palette.
        var registers: [UInt8]
        var colors: [(r: UInt8, g: UInt8, b: UInt8)]
        // Indexed with transparency kept: one pass tells both that the region is opaque (no
        // transparent index; partial alpha gives nil) and its colours. The picture's only: the
        // padding's colour is never drawn, and would make a 256-colour picture one too many.
        if let indexed = IndexedColors(image, region: inner, keepingTransparency: true), indexed.transparentIndex == nil
        {
            registers = inner == area ? indexed.indices : Self.spread(indexed.indices, from: inner, over: area)
            let palette = indexed.palette
            colors = (0..<indexed.count).map { (palette[$0 * 3], palette[$0 * 3 + 1], palette[$0 * 3 + 2]) }
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
            colors = (0..<Self.paletteSize).map { Self.color(ofRegister: $0) }
        }
        let paintable = PixelRect(x: inner.x - area.x, y: inner.y - area.y, width: inner.width, height: inner.height)
        let passes = SixelPasses(
            registers: registers, width: width, height: area.height, painted: drawn, paintable: paintable)
        // The most selected registers get the shortest numbers; only those used are defined.
        let used = (0..<256).filter { passes.selections[$0] > 0 }.sorted {
            (passes.selections[$0], $1) > (passes.selections[$1], $0)
        }
        var number = [Int](repeating: 0, count: 256)
        // DCS P1=0 (aspect from raster attributes), P2=1 (zero bits leave pixels alone: what is
        // not drawn stays as it is), then 1:1 aspect and the size.
        var out = ControlSequence.sixelStart("0;1;0") + Array("\"1;1;\(width);\(area.height)".utf8)
        for (index, register) in used.enumerated() {
            number[register] = index
            let color = colors[register]
            out += Array("#\(index);2;\(percent(color.r));\(percent(color.g));\(percent(color.b))".utf8)
        }
        for step in passes.steps {
            switch step.register {
            case SixelPasses.passEnd: out.append(UInt8(ascii: "$"))
            case SixelPasses.bandEnd: out.append(UInt8(ascii: "-"))
            default:
                if step.selects {
                    out.append(UInt8(ascii: "#"))
                    ControlSequence.appendDecimal(number[Int(step.register)], to: &out)
                }
                appendRun(of: step.bits, count: Int(step.count), to: &out)
            }
        }
        out += ControlSequence.stringTerminator
        return out
    }

    /// The overlap of two rectangles (empty where they do not meet).
    static func intersection(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
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

    private func appendRun(of bits: UInt8, count: Int, to out: inout [UInt8]) {
        let character = 63 + bits
        if count >= 4 {
            out.append(UInt8(ascii: "!"))
            ControlSequence.appendDecimal(count, to: &out)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }

    private func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }
}
