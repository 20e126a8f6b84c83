import CMemory
import Glibc
import Testing

@testable import Decode

/// A new canvas is transparent whatever the memory under it held, costs no memory until drawn
/// on, and a first image's rows can be given memory in one call.
@Suite(.serialized) struct CanvasMemoryTests {
    private static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Fresh anonymous memory the test owns. A canvas's own memory comes from malloc, which may
    /// hand back a block that other tests of this process touched (CI saw a 32 MB canvas land on
    /// such a block), so what the clearing saves is measured on a mapping known to be fresh.
    /// Huge pages off: one touched byte would otherwise make 2 MB resident.
    private static func freshMapping(bytes: Int) -> UnsafeMutableRawPointer? {
        guard let start = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            start != MAP_FAILED
        else { return nil }
        madvise(start, bytes, MADV_NOHUGEPAGE)
        return start
    }

    /// Resident pages of `bytes` at `start` (mincore).
    private static func residentPages(_ start: UnsafeMutableRawPointer, bytes: Int) -> Int {
        var vector = [UInt8](repeating: 0, count: (bytes + page - 1) / page)
        guard mincore(start, bytes, &vector) == 0 else { return -1 }
        return vector.filter { $0 & 1 != 0 }.count
    }

    private static var pagemapReadable: Bool {
        let file = open("/proc/self/pagemap", O_RDONLY)
        guard file >= 0 else { return false }
        defer { close(file) }
        var entry: UInt64 = 0
        return pread(file, &entry, 8, 0) == 8
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

    @Test func clearingLeavesUntouchedPagesOutOfMemory() throws {
        let bytes = 32 << 20
        let start = try #require(Self.freshMapping(bytes: bytes))
        defer { munmap(start, bytes) }
        // Pages 0..<64 hold bytes to clear, 64..<128 were written with zeros, the rest untouched.
        let written = start.assumingMemoryBound(to: UInt8.self)
        for page in 0..<64 { written[page * Self.page + 7] = UInt8(page + 1) }
        for page in 64..<128 { written[page * Self.page] = 0 }
        #expect(Self.residentPages(start, bytes: bytes) == 128)

        tview_clear_fresh_memory(start, bytes)

        #expect((0..<64).allSatisfy { written[$0 * Self.page + 7] == 0 })
        if Self.pagemapReadable {
            // Without pagemap every page is read, which maps the kernel's zero page under each.
            let resident = Self.residentPages(start, bytes: bytes)
            #expect(resident == 128, "\(resident) pages resident after clearing, 128 written before")
        }
    }

    @Test func populatingGivesTheRowsMemoryInOneCall() throws {
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let version = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        // MADV_POPULATE_WRITE came with Linux 5.14; before it the rows fault in as drawn.
        guard version.count == 2, version[0] > 5 || (version[0] == 5 && version[1] >= 14) else { return }
        let bytes = 32 << 20
        let start = try #require(Self.freshMapping(bytes: bytes))
        defer { munmap(start, bytes) }
        #expect(Self.residentPages(start, bytes: bytes) == 0)
        // An unaligned start, as a row of a canvas is: only the pages wholly inside are populated.
        tview_populate_for_writing(start + 100, 16 << 20)
        let resident = Self.residentPages(start, bytes: bytes)
        #expect(resident == (16 << 20) / Self.page - 1, "\(resident) pages resident")
    }
}
