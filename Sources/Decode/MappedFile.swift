import Glibc

/// A read-only memory mapping, unmapped when released.
final class MappedFile {
    let address: UnsafeRawPointer
    let count: Int

    init(address: UnsafeRawPointer, count: Int) {
        self.address = address
        self.count = count
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: address), count)
    }
}
