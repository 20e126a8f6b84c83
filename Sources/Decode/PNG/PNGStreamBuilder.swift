/// Rebuilds one APNG frame (or the still image) as a standalone PNG stream for libpng: IHDR with
/// the frame's size, the shared PLTE/tRNS, the frame's data as IDAT, IEND. Debian's libpng has no
/// APNG patch, so this is how frames reach it. Gamma, colour-space and text chunks stay out, so
/// pixels come out as stored (what Pillow and most viewers show).
struct PNGStreamBuilder {
    private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    init(header: [UInt8], width: Int, height: Int) {
        var ihdr = [UInt8]()
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        ihdr.append(contentsOf: header[8..<13])
        appendChunk(type: PNGChunk.ihdr, data: ihdr)
    }

    /// Copies a chunk as it is in the file, CRC included (libpng checks it).
    mutating func appendVerbatim(_ chunk: PNGChunk, from input: InputFile) throws(DecodeError) {
        let whole = input.bytes(at: chunk.offset, count: chunk.totalLength)
        guard whole.count == chunk.totalLength else {
            throw .truncated(format: .png, what: "inside the \(chunk.type) chunk")
        }
        bytes.append(contentsOf: whole)
    }

    /// Appends an fdAT chunk's data as an IDAT chunk, after checking the fdAT's own CRC.
    mutating func appendFrameData(_ chunk: PNGChunk, from input: InputFile) throws(DecodeError) {
        let data = try PNGLayout.checkedData(of: chunk, in: input)
        appendChunk(type: PNGChunk.idat, data: data[4...])
    }

    mutating func finish() -> [UInt8] {
        appendChunk(type: PNGChunk.iend, data: [])
        return bytes
    }

    private mutating func appendChunk<Data: Collection>(type: String, data: Data) where Data.Element == UInt8 {
        bytes.appendBigEndian(UInt32(data.count))
        let start = bytes.count
        bytes.append(contentsOf: type.utf8)
        bytes.append(contentsOf: data)
        bytes.appendBigEndian(CRC32.checksum(bytes[start...]))
    }
}
