import Testing

@testable import Decode

/// The metadata walks added for WebP's EXIF chunk and PNG's colour chunks, on bytes made here:
/// what they read, and what they leave alone.
@Suite struct ColourChunkParsingTests {
    /// A big-endian TIFF structure stating EXIF orientation `value`.
    static func tiff(orientation value: UInt8) -> [UInt8] {
        Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0, 0, 0, 0, 0]
    }

    /// A WebP container of a VP8X header with `flags` and an EXIF chunk holding `exif` (no
    /// image: only the walk is tested).
    static func webp(flags: UInt8, exif: [UInt8]) -> [UInt8] {
        func little(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        let header = Array("VP8X".utf8) + little(10) + [flags, 0, 0, 0, 31, 0, 0, 23, 0, 0]
        var chunk = Array("EXIF".utf8) + little(exif.count) + exif
        if exif.count % 2 == 1 { chunk.append(0) }
        let body = Array("WEBP".utf8) + header + chunk
        return Array("RIFF".utf8) + little(body.count) + body
    }

    @Test func aWebPsOrientationIsReadWithOrWithoutItsPrefix() {
        for exif in [Self.tiff(orientation: 6), Array("Exif".utf8) + [0, 0] + Self.tiff(orientation: 6)] {
            let bytes = Self.webp(flags: 0x08, exif: exif)
            #expect(bytes.withUnsafeBytes { ExifOrientation.value(webp: $0) } == 6)
        }
        // The extended header does not say there is EXIF: nothing is read.
        let unflagged = Self.webp(flags: 0, exif: Self.tiff(orientation: 6))
        #expect(unflagged.withUnsafeBytes { ExifOrientation.value(webp: $0) } == nil)
        // A chunk whose size runs past the file: nothing is read.
        var cut = Self.webp(flags: 0x08, exif: Self.tiff(orientation: 6))
        cut.removeLast(8)
        #expect(cut.withUnsafeBytes { ExifOrientation.value(webp: $0) } == nil)
    }

    /// A 1x1 grey PNG with these chunks between IHDR and IDAT.
    static func png(chunks: [(String, [UInt8])]) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return big(data.count) + typed + big(Int(CRC32.checksum(typed)))
        }
        // One row: filter 0, grey 128; in stored deflate blocks.
        let header: [UInt8] = big(1) + big(1) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunks.flatMap { chunk($0.0, $0.1) } + chunk("IDAT", ColorProfileTests.zlibStored([0, 128]))
            + chunk("IEND", [])
    }

    static func big(_ value: Int) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// gAMA 1.0 shows 128 as linear light (sRGB 188); a cHRM whose red y is 0 is no point of the
    /// diagram and is dropped (sRGB's primaries stay, as in Chrome).
    @Test func pngColourChunksAreReadWhereValid() throws {
        let gamma = ("gAMA", Self.big(100_000))
        let badChromaticities = ("cHRM", [31270, 32900, 64000, 0, 30000, 60000, 15000, 6000].flatMap(Self.big))
        for (chunks, name, shown) in [
            ([gamma], "gAMA 1.0", UInt8(188)), ([gamma, badChromaticities], "gAMA 1.0", 188),
            ([], nil, 128),
        ] {
            let image = try AnimatedImage.open(bytes: Self.png(chunks: chunks), name: "test.png")
            #expect(image.colorProfileName == name)
            let pixel = try #require(try image.nextFrame()).image.pixels[0]
            #expect(abs(Int(pixel.r) - Int(shown)) <= 1, "\(chunks.map(\.0)): \(pixel)")
        }
    }
}
