/// A GIF's image count from its blocks alone, no image decoded: each block's introducer, the
/// sizes of the colour tables, and each sub-block's length byte to jump over its data. A GIF
/// states no frame count, so without this the status line says `frame 12/?` until a first pass
/// has ended. Stray bytes between blocks are passed over, as `GIFDecoder` does. The walk goes a
/// given number of bytes at a time, so that a large file is not read whole between two frames.
///
/// A pass may still end sooner (an image whose data does not decode): the player's count is
/// then what that pass found.
final class GIFFrameCounter {
    private let reader: BufferedReader
    private let size: Int
    private var images = 0
    private var started = false
    private var bytes = [UInt8](repeating: 0, count: 13)

    init(_ input: InputFile) {
        reader = BufferedReader(input: input)
        size = input.size
    }

    /// Walks on for about `budget` bytes of the file (whole blocks). `.done` with the whole
    /// images up to the trailer or the end of the data (a screen with a trailer and no image: one
    /// transparent frame, as `GIFDecoder` plays it; an image whose data breaks off is not
    /// counted, as its frame does not play); with nil where it is not a GIF or holds neither a
    /// whole image nor a trailer.
    func walk(budget: Int) -> FrameCountWalk {
        let (stop, overflow) = reader.position.addingReportingOverflow(max(1, budget))
        if !started {
            started = true
            // Signature, version, logical screen (flags at 10), the global colour table.
            guard read(13), bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46 else { return .done(nil) }
            reader.seek(to: reader.position + Self.colourTableBytes(bytes[10]))
        }
        while overflow || reader.position < stop {
            guard read(1) else {
                // The data ends without a trailer: the frames before it play.
                return .done(images > 0 ? images : nil)
            }
            switch bytes[0] {
            case 0x2C:
                // The descriptor (flags at 8), its colour table, the LZW code size, the data.
                // Data that ends inside an image: the images before it play (the pass stops
                // with a warning after the last whole frame), so they are the count.
                guard read(9) else { return .done(images > 0 ? images : nil) }
                reader.seek(to: reader.position + Self.colourTableBytes(bytes[8]))
                guard read(1), skipSubBlocks() else { return .done(images > 0 ? images : nil) }
                images += 1
            case 0x21:
                guard read(1), skipSubBlocks() else { return .done(images > 0 ? images : nil) }
            case 0x3B:
                return .done(max(images, 1))
            default:
                continue
            }
        }
        return reader.position >= size ? .done(images > 0 ? images : nil) : .walking
    }

    private func read(_ count: Int) -> Bool {
        bytes.withUnsafeMutableBytes { reader.read(into: $0.baseAddress!, count: count) } == count
    }

    /// Each sub-block's length, then its data; a zero length ends the run.
    private func skipSubBlocks() -> Bool {
        while read(1) {
            if bytes[0] == 0 { return true }
            reader.seek(to: reader.position + Int(bytes[0]))
        }
        return false
    }

    private static func colourTableBytes(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 7) + 1)
    }
}
