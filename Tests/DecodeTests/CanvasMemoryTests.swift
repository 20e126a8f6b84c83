import Glibc
import Testing

@testable import Decode

/// A new canvas is transparent whatever the memory under it held, costs no memory until drawn
/// on, and a first image's rows can be given memory in one call.
@Suite(.serialized) struct CanvasMemoryTests {
    /// Resident bytes of `image`'s own pages (mincore): other tests of the process may allocate
    /// and free meanwhile, so the process's resident size would not tell.
    private static func residentBytes(of image: RGBAImage) -> Int {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return image.pixels.withUnsafeBytes { bytes in
            let start = Int(bitPattern: bytes.baseAddress!) / page * page
            let end = Int(bitPattern: bytes.baseAddress! + bytes.count)
            var vector = [UInt8](repeating: 0, count: (end - start + page - 1) / page)
            guard mincore(UnsafeMutableRawPointer(bitPattern: start), end - start, &vector) == 0 else { return -1 }
            return vector.filter { $0 & 1 != 0 }.count * page
        }
    }

    @Test func aNewCanvasIsTransparentWhereTheHeapHeldOtherBytes() {
        // Freed blocks of this size go back to the heap after the first (glibc raises its mmap
        // threshold), so the canvases below are made on memory that held opaque white.
        for round in 0..<6 {
            do {
                var dirty = [RGBA](repeating: RGBA(r: 255, g: 255, b: 255), count: 300 * 300)
                dirty[round] = RGBA(r: 1, g: 2, b: 3)
                #expect(dirty.count == 90_000)
            }
            let canvas = RGBAImage(width: 300, height: 300)
            #expect(canvas.pixels.allSatisfy { $0 == .transparent }, "round \(round)")
        }
    }

    @Test func aNewCanvasTakesNoMemoryUntilDrawnOn() {
        var canvas = RGBAImage(width: 4096, height: 2048)  // 32 MB
        let made = Self.residentBytes(of: canvas)
        #expect(made >= 0 && made < 4 << 20, "a new 32 MB canvas has \(made >> 20) MB resident")
        canvas.willWrite(rows: 0..<1024)
        let populated = Self.residentBytes(of: canvas)
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let version = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        if version.count == 2, version[0] > 5 || (version[0] == 5 && version[1] >= 14) {
            // MADV_POPULATE_WRITE: the upper half's 16 MB are memory now, the lower half not.
            #expect(populated - made >= 15 << 20, "populated \((populated - made) >> 20) MB")
            #expect(populated - made < 20 << 20, "populated \((populated - made) >> 20) MB")
        }
        #expect(canvas.pixels[4096 * 2048 - 1] == .transparent)
        #expect(canvas.pixels[0] == .transparent)
    }
}
