/// A GIF's image count from its blocks alone, no image decoded: each block's introducer, the
/// sizes of the colour tables, and each sub-block's length byte to jump over its data. A GIF
/// states no frame count, so without this the status line says `frame 12/?` until a first pass
/// has ended. Stray bytes between blocks are passed over, as `GIFDecoder` does.
///
/// A pass may still end sooner (an image whose data does not decode): the player's count is
/// then what that pass found.
enum GIFFrameCounter {
    /// The images of the GIF `input` holds, up to its trailer or the end of its data; nil where
    /// it is not a GIF, holds no image and no trailer, or an image's data breaks off (its frame
    /// would not decode whole).
    static func count(_ input: InputFile) -> Int? {
        let reader = BufferedReader(input: input)
        var bytes = [UInt8](repeating: 0, count: 13)
        func read(_ count: Int) -> Bool {
            bytes.withUnsafeMutableBytes { reader.read(into: $0.baseAddress!, count: count) } == count
        }
        // Each sub-block's length, then its data; a zero length ends the run.
        func skipSubBlocks() -> Bool {
            while read(1) {
                if bytes[0] == 0 { return true }
                reader.seek(to: reader.position + Int(bytes[0]))
            }
            return false
        }
        func colourTableBytes(_ flags: UInt8) -> Int {
            flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 7) + 1)
        }
        // Signature, version, logical screen (flags at 10).
        guard read(13), bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46 else { return nil }
        reader.seek(to: reader.position + colourTableBytes(bytes[10]))
        var images = 0
        while read(1) {
            switch bytes[0] {
            case 0x2C:
                // The descriptor (flags at 8), its colour table, the LZW code size, the data.
                guard read(9) else { return nil }
                reader.seek(to: reader.position + colourTableBytes(bytes[8]))
                guard read(1), skipSubBlocks() else { return nil }
                images += 1
            case 0x21:
                guard read(1), skipSubBlocks() else { return images }
            case 0x3B:
                // A screen and a trailer with no image: one transparent frame (GIFDecoder).
                return max(images, 1)
            default:
                continue
            }
        }
        // The data ends without a trailer: the frames before it play.
        return images > 0 ? images : nil
    }
}
