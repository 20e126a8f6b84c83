import Glibc
internal import Decode
internal import Terminal

/// Text from outside (file names, a file's metadata, a library's message) made safe to show on a
/// terminal: what would act on it (escapes, controls, bidirectional overrides) is shown as an
/// escape instead. The one way such text should reach a terminal.
public enum SafeText {
    /// `name` as the shell would quote it where it needs quoting (`'my file.gif'`), its controls
    /// and bytes that are not UTF-8 as `$'\e'`, `$'\xff'`.
    public static func quotedName(_ name: String) -> String {
        TerminalText.quotedName(name)
    }

    /// `text` as one line of bytes safe to write to a terminal (a line break in it shown as
    /// `\n`), ending in a newline.
    public static func line(_ text: String) -> [UInt8] {
        ScreenText(text).bytes + [0x0A]
    }

    /// `text` as lines of bytes safe to write to a terminal, each ending in a newline.
    public static func lines(_ text: String) -> [UInt8] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { ScreenText(String($0)).bytes + [0x0A] }
    }

    /// Writes all of `bytes` to `descriptor` (write(2), again after an interruption or a short
    /// write).
    /// - Throws: ``TViewError/output(reason:)`` with why not (a full disk, a closed pipe).
    public static func write(_ bytes: [UInt8], to descriptor: Int32) throws(TViewError) {
        do {
            try DescriptorWriter.writeAll(bytes, to: descriptor)
        } catch {
            throw .output(reason: "\(error)")
        }
    }

    /// The process's arguments as given: bytes of a name that are not UTF-8 are kept (as
    /// private-use scalars that ``quotedName(_:)`` shows as `$'\xff'` and the file functions turn
    /// back into the same bytes), where Swift's `CommandLine.arguments` would make them U+FFFD
    /// and the file could not be found.
    public static var arguments: [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let raw = CommandLine.unsafeArgv[index] else { return "" }
            return PathBytes.string(
                from: UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) })
        }
    }

    /// Makes the folder `path` (its name kept byte for byte); nil when made or already there,
    /// else why not.
    public static func makeFolder(_ path: String) -> String? {
        guard PathBytes.withCString(path, { mkdir($0, 0o755) }) != 0 && errno != EEXIST else { return nil }
        return String(cString: strerror(errno))
    }
}
