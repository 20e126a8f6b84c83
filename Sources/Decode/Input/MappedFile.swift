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

    deinit {
        tview_unwatch_mapping(watch)
        munmap(UnsafeMutableRawPointer(mutating: address), count)
    }
}
