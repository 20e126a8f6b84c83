import Glibc

/// An opened input: a regular file read in place, or standard input (or any pipe) spilled to an
/// unlinked temporary file, since a pipe cannot be read twice. Decoders read it at offsets, so a
/// 93 MB GIF never sits in memory whole.
///
/// A stream is checked before it is copied: its first bytes must be an image signature, and the
/// copy stops at the memory budget (`/dev/zero`, `cat /dev/urandom` and an endless pipe are
/// refused, not copied until the disk is full). While it sends nothing, `whileWaiting` is asked
/// every 0.1 s whether to go on (a person may press q).
final class InputFile {
    /// The name used in messages: the path, or "-" for standard input.
    let name: String
    let size: Int
    /// The open file, for a library that reads it itself (FFmpeg, through pread).
    let descriptor: CInt

    private init(name: String, descriptor: CInt, size: Int) {
        self.name = name
        self.descriptor = descriptor
        self.size = size
    }

    deinit {
        close(descriptor)
    }

    /// Opens `path`, or standard input for "-". `regularOnly`: anything but a regular file is
    /// refused (a sequence's frames: a FIFO among them would hold playing until someone wrote),
    /// and "-" is a file of that name (a glob's match), never standard input.
    static func open(
        path: String, limits: DecodeLimits, whileWaiting: (() -> Bool)? = nil, regularOnly: Bool = false
    ) throws(DecodeError) -> InputFile {
        if path == "-" && !regularOnly {
            return try spill(
                from: STDIN_FILENO, name: "-", closeSource: false, limits: limits, whileWaiting: whileWaiting)
        }
        // Non-blocking, so opening a FIFO that no one writes to yet does not hang (reads wait
        // in poll instead, where a key can stop them).
        let fd = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
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
            guard !regularOnly else {
                close(fd)
                throw .unreadable(reason: "not a regular file")
            }
            // A FIFO, a character device, a process substitution: read it once, keep a copy.
            return try spill(from: fd, name: path, closeSource: true, limits: limits, whileWaiting: whileWaiting)
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
        if let failure {
            close(file)
            throw failure
        }
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

    private static func spill(
        from source: CInt, name: String, closeSource: Bool, limits: DecodeLimits, whileWaiting: (() -> Bool)?
    ) throws(DecodeError) -> InputFile {
        defer { if closeSource { close(source) } }
        let chunk = 1 << 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        // The signature first: nothing is copied of what is no image.
        var magic: [UInt8] = []
        while magic.count < ImageFormat.magicLength {
            let got = try readSome(
                from: source, into: buffer, count: ImageFormat.magicLength - magic.count, whileWaiting: whileWaiting)
            if got == 0 { break }
            magic += UnsafeRawBufferPointer(start: buffer, count: got)
        }
        guard !magic.isEmpty else { throw .empty }
        guard ImageFormat.sniff(magic) != nil else { throw .unsupportedFormat(magic: magic) }
        let file = try temporaryFile()
        var total = magic.count
        do throws(DecodeError) {
            magic.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            try writeAll(UnsafeRawBufferPointer(start: buffer, count: magic.count), to: file)
            while true {
                let got = try readSome(from: source, into: buffer, count: chunk, whileWaiting: whileWaiting)
                if got == 0 { break }
                total += got
                guard total <= limits.memoryBudget else {
                    throw .unreadable(
                        reason: "more than \(limits.memoryBudget >> 20) MB, the memory budget (--max-memory), "
                            + "and still coming")
                }
                try writeAll(UnsafeRawBufferPointer(start: buffer, count: got), to: file)
            }
        } catch {
            close(file)
            throw error
        }
        return InputFile(name: name, descriptor: file, size: total)
    }

    /// One read of up to `count` bytes from a stream; 0 at its end. While nothing comes,
    /// `whileWaiting` is asked every 0.1 s; false stops with an error.
    private static func readSome(
        from source: CInt, into buffer: UnsafeMutableRawPointer, count: Int, whileWaiting: (() -> Bool)?
    ) throws(DecodeError) -> Int {
        while true {
            var entry = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 100)
            if ready == 0 || (ready < 0 && errno == EINTR) {
                if let whileWaiting, !whileWaiting() { throw .unreadable(reason: "stopped before the input ended") }
                continue
            }
            let got = Glibc.read(source, buffer, count)
            if got >= 0 { return got }
            if errno == EINTR || errno == EAGAIN { continue }
            throw .unreadable(reason: systemMessage(errno))
        }
    }

    /// Writes all of `bytes` to the temporary copy `file`; throws on failure.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to file: CInt) throws(DecodeError) {
        var offset = 0
        while offset < bytes.count {
            let written = write(file, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: "cannot keep a copy of the input: " + systemMessage(errno))
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
