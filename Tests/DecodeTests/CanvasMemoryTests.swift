import Glibc
import Testing

@testable import Decode

/// A new canvas is transparent whatever the memory under it held, costs no memory until drawn
/// on, and a first image's rows can be given memory in one call.
@Suite(.serialized) struct CanvasMemoryTests {
    /// Resident bytes of this process (/proc/self/statm's second field, in pages).
    private static func residentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0, resident = 0
        _ = withUnsafeMutablePointer(to: &size) { size in
            withUnsafeMutablePointer(to: &resident) { resident in
                withVaList([size, resident]) { vfscanf(file, "%ld %ld", $0) }
            }
        }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
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
        let before = Self.residentBytes()
        var canvas = RGBAImage(width: 4096, height: 2048)  // 32 MB
        let made = Self.residentBytes()
        #expect(made - before < 4 << 20, "a new 32 MB canvas made \((made - before) >> 20) MB resident")
        canvas.willWrite(rows: 0..<1024)
        let populated = Self.residentBytes()
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
