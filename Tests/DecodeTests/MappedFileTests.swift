import Glibc
import Testing

@testable import Decode

/// A mapped file's pages a reader has passed are given back, and read back when needed again.
/// (Pages past the offset may go too where the kernel maps the file in huge pages, as tmpfs can:
/// not looked at.)
@Suite struct MappedFileTests {
    private static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Whether the page at `address` is in this process's page table (/proc/self/pagemap's
    /// present bit); nil where pagemap cannot be read.
    private static func mapped(_ address: UnsafeRawPointer) -> Bool? {
        let file = open("/proc/self/pagemap", O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var entry: UInt64 = 0
        let offset = off_t(UInt(bitPattern: address) / UInt(page) * 8)
        guard pread(file, &entry, 8, offset) == 8 else { return nil }
        return entry >> 63 == 1
    }

    /// A 2 MB file whose every byte is known.
    private static func patternFile() throws -> (path: String, bytes: [UInt8]) {
        var template = Array("/tmp/tview-mapped-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let bytes = (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        return (String(cString: template), bytes)
    }

    @Test func pagesBeforeAnOffsetAreGivenBackAndReadAgain() throws {
        let (path, bytes) = try Self.patternFile()
        defer { unlink(path) }
        let mapping = try InputFile.open(path: path, limits: DecodeLimits()).map()
        let view = UnsafeRawBufferPointer(start: mapping.address, count: mapping.count)
        #expect(Array(view) == bytes)
        guard let firstMapped = Self.mapped(mapping.address), firstMapped else { return }
        let half = mapping.count / 2
        mapping.releasePages(before: half + 100)
        #expect(Self.mapped(mapping.address) == false, "the first page is given back")
        #expect(Self.mapped(mapping.address + half - Self.page) == false, "the last page wholly before")
        // Read back from the file as they were.
        #expect(Array(view) == bytes)
        #expect(Self.mapped(mapping.address) == true)
        // Read from the start again: the pages come back, and are given back anew, even
        // before the offset where the last were.
        mapping.readsFromStart()
        mapping.releasePages(before: half + 100)
        #expect(Self.mapped(mapping.address) == false)
        #expect(Array(view) == bytes)
        mapping.readsFromStart()
        mapping.releasePages(before: half / 2)
        #expect(Self.mapped(mapping.address) == false)
        #expect(Array(view) == bytes)
    }

    /// Less than a step past what was given back: nothing more is (a call a frame costs no
    /// system call for a small file).
    @Test func smallStepsWait() throws {
        let (path, _) = try Self.patternFile()
        defer { unlink(path) }
        let mapping = try InputFile.open(path: path, limits: DecodeLimits()).map()
        let view = UnsafeRawBufferPointer(start: mapping.address, count: mapping.count)
        #expect(view.reduce(0) { $0 &+ Int($1) } != 0)
        guard let firstMapped = Self.mapped(mapping.address), firstMapped else { return }
        mapping.releasePages(before: 64 << 10)
        #expect(Self.mapped(mapping.address) == true)
        mapping.releasePages(before: 300 << 10)
        #expect(Self.mapped(mapping.address) == false)
    }
}
