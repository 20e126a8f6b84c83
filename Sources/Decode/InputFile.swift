import Glibc

/// An opened input: a regular file read in place, or standard input (or any pipe) spilled to an
/// unlinked temporary file, since a pipe cannot be read twice. Decoders read it at offsets, so a
/// 93 MB GIF never sits in memory whole.
final class InputFile {
    /// The name used in messages: the path, or "-" for standard input.
    let name: String
    let size: Int
    private let descriptor: CInt

    private init(name: String, descriptor: CInt, size: Int) {
        self.name = name
        self.descriptor = descriptor
        self.size = size
    }

    deinit {
        close(descriptor)
    }

    /// Opens `path`, or standard input for "-".
    static func open(path: String) throws(DecodeError) -> InputFile {
        if path == "-" {
            return try spill(from: STDIN_FILENO, name: "-", closeSource: false)
        }
        let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .unreadable(reason: systemMessage(errno)) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let error = errno
            close(fd)
            throw .unreadable(reason: systemMessage(error))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return InputFile(name: path, descriptor: fd, size: Int(status.st_size))
        case S_IFDIR:
            close(fd)
            throw .unreadable(reason: "is a directory")
        default:
            // A FIFO, a character device, a process substitution: read it once, keep a copy.
            return try spill(from: fd, name: path, closeSource: true)
        }
    }

    /// Wraps bytes already in memory (tests, fuzzing) as an input.
    static func memory(_ bytes: [UInt8], name: String) throws(DecodeError) -> InputFile {
        let file = try temporaryFile()
        let failure: DecodeError? = bytes.withUnsafeBytes { raw in
            do throws(DecodeError) {
                try writeAll(raw, to: file)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
        return InputFile(name: name, descriptor: file, size: bytes.count)
    }

    /// Reads up to `buffer.count` bytes at `offset`; returns how many were read (0 at the end).
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard offset < size, buffer.count > 0, let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if got < 0 {
                if errno == EINTR { continue }
                break
            }
            if got == 0 { break }
            done += got
        }
        return done
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard wanted > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            initialized = read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// The whole file mapped read-only, for libraries that want one contiguous buffer (libwebp's
    /// demuxer). The kernel pages it in on demand and can drop it again.
    func map() throws(DecodeError) -> MappedFile {
        guard size > 0 else { throw .empty }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw .unreadable(reason: "cannot map: " + systemMessage(errno))
        }
        return MappedFile(address: UnsafeRawPointer(address), count: size)
    }

    private static func spill(from source: CInt, name: String, closeSource: Bool) throws(DecodeError) -> InputFile {
        defer { if closeSource { close(source) } }
        let file = try temporaryFile()
        let chunk = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let got = Glibc.read(source, buffer, chunk)
            if got < 0 {
                if errno == EINTR { continue }
                let error = errno
                close(file)
                throw .unreadable(reason: systemMessage(error))
            }
            if got == 0 { break }
            try writeAll(UnsafeRawBufferPointer(start: buffer, count: got), to: file)
            total += got
        }
        guard total > 0 else {
            close(file)
            throw .empty
        }
        return InputFile(name: name, descriptor: file, size: total)
    }

    /// Writes all of `bytes` to the temporary copy `file`; closes it and throws on failure.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to file: CInt) throws(DecodeError) {
        var offset = 0
        while offset < bytes.count {
            let written = write(file, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let error = errno
                close(file)
                throw .unreadable(reason: "cannot keep a copy of the input: " + systemMessage(error))
            }
            offset += written
        }
    }

    /// An unlinked file in TMPDIR (or /tmp): gone as soon as it is closed.
    private static func temporaryFile() throws(DecodeError) -> CInt {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/tview-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw .unreadable(reason: "cannot create a temporary file in \(directory): " + systemMessage(errno))
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return fd
    }
}
