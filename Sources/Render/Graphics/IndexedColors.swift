public import Decode
import Glibc

/// A region of a picture as palette indices, when it has at most 256 colours (a GIF's frames
/// do): indexed PNGs and sixel images carry it exactly, with no dithering, in fewer bytes.
/// Alpha is ignored (the picture is opaque by then) unless transparency is kept: then fully
/// transparent pixels share one index (`transparentIndex`), and partial alpha does not fit.
public struct IndexedColors: Sendable {
    /// One index a pixel, row by row over the region.
    public let indices: [UInt8]
    /// R, G, B for each index, in order of first appearance.
    public let palette: [UInt8]

    /// The index of the fully transparent pixels, when transparency is kept and there are some.
    public private(set) var transparentIndex: Int?

    public var count: Int { palette.count / 3 }

    /// Nil when the region has more than 256 colours (with `keepingTransparency`, counting
    /// transparency as one, or when a pixel is partly transparent).
    public init?(_ picture: RGBAImage, region: PixelRect, keepingTransparency: Bool = false) {
        // Open addressing over 1024 slots: colour (24-bit RGB, + 1 so 0 is free) → index.
        var keys = [UInt32](repeating: 0, count: 1024)
        var values = [UInt8](repeating: 0, count: 1024)
        var palette: [UInt8] = []
        palette.reserveCapacity(768)
        var indices = [UInt8](repeating: 0, count: region.width * region.height)
        var transparent: Int?
        let fits = picture.pixels.withUnsafeBufferPointer { pixels in
            indices.withUnsafeMutableBufferPointer { out -> Bool in
                var o = 0
                var lastKey: UInt32 = 0
                var lastIndex: UInt8 = 0
                for y in region.y..<region.maxY {
                    let row = y * picture.width
                    // A row the same as the one above (an enlarged picture's are, two in three
                    // at 3x) takes its indices.
                    if y > region.y
                        && memcmp(
                            pixels.baseAddress! + row + region.x, pixels.baseAddress! + row - picture.width + region.x,
                            region.width * MemoryLayout<RGBA>.stride) == 0
                    {
                        (out.baseAddress! + o).update(from: out.baseAddress! + o - region.width, count: region.width)
                        o += region.width
                        continue
                    }
                    for x in region.x..<region.maxX {
                        let pixel = pixels[row + x]
                        var key = (UInt32(pixel.r) << 16 | UInt32(pixel.g) << 8 | UInt32(pixel.b)) + 1
                        if keepingTransparency && pixel.a != 255 {
                            guard pixel.a == 0 else { return false }
                            key = 1 << 24 + 1
                        }
                        if key != lastKey {
                            var slot = Int((key &* 2_654_435_761) >> 22)
                            while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & 1023 }
                            if keys[slot] == 0 {
                                guard palette.count < 768 else { return false }
                                keys[slot] = key
                                values[slot] = UInt8(palette.count / 3)
                                if key == 1 << 24 + 1 {
                                    transparent = palette.count / 3
                                    palette += [0, 0, 0]
                                } else {
                                    palette += [pixel.r, pixel.g, pixel.b]
                                }
                            }
                            lastKey = key
                            lastIndex = values[slot]
                        }
                        out[o] = lastIndex
                        o += 1
                    }
                }
                return true
            }
        }
        guard fits else { return nil }
        self.indices = indices
        self.palette = palette
        transparentIndex = transparent
    }
}
