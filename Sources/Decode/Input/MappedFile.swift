internal import CMemory
import Glibc

/// A read-only memory mapping, unmapped when released. A file that shrinks while mapped would
/// kill tview with SIGBUS on the next read past its new end; the mapping is watched instead
/// (`tview_watch_mapping`): the missing tail reads as zeros and `fileShrank` turns true.
final class MappedFile {
    let address: UnsafeRawPointer
    let count: Int
    private let watch: CInt

    init(address: UnsafeRawPointer, count: Int) {
        self.address = address
        self.count = count
        watch = tview_watch_mapping(address, count)
    }

    /// True once a read found the file shorter than when it was mapped.
    var fileShrank: Bool { tview_mapping_replaced(watch) != 0 }

    /// The pages wholly before `offset` were given back up to here.
    private var released = 0

    /// Gives back the pages wholly before `offset`, which the reader needs no more until it
    /// reads from the start again (they stay in the page cache, and a read brings them back).
    /// In steps of 256 KB at least: a call for every frame of a small file costs nothing.
    func releasePages(before offset: Int) {
        let page = Int(sysconf(CInt(_SC_PAGESIZE)))
        let end = min(max(offset, 0), count) / page * page
        guard end - released >= 256 << 10 else { return }
        madvise(UnsafeMutableRawPointer(mutating: address) + released, end - released, MADV_DONTNEED)
        released = end
    }

    /// The reader starts again from the file's start: the pages it reads come back, and are
    /// given back anew as it passes them.
    func readsFromStart() {
        released = 0
    }

    deinit {
        tview_unwatch_mapping(watch)
        munmap(UnsafeMutableRawPointer(mutating: address), count)
    }
}
