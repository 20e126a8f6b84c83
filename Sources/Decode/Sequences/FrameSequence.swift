import Glibc

/// Numbered image files played as one animation, found from what names them: a printf pattern
/// (`frames/%04d.png`, `shot-%d.jpg`), a folder of numbered files (`frames/`), or a glob tview
/// expands itself (`'frames/*.png'`). Only names are listed here (one directory read); the files
/// are opened one at a time as frames are needed (`SequenceDecoder`).
///
/// A number missing between the first and the last (or in `--range`) is a frame that is there
/// but cannot be shown: it plays as the frame before it, with a warning.
public struct FrameSequence: Sendable, Equatable {
    /// What named it, for messages.
    public let name: String
    /// The frame numbers in order, with the file for each (nil: missing).
    public let members: [Member]
    /// The digits of the numbers in names, when they are zero-padded to one width.
    public let padding: Int?

    public struct Member: Sendable, Equatable {
        public var number: Int
        public var path: String?
    }

    /// The paths and numbers played, in order.
    public var count: Int { members.count }

    /// The sequence `argument` names, or nil when it names an ordinary file. `range` keeps frame
    /// numbers A through B (for a glob without numbers in its names: positions, from 1).
    public static func find(_ argument: String, range: ClosedRange<Int>? = nil) throws(DecodeError) -> FrameSequence? {
        guard namesSequence(argument) else { return nil }
        if let pattern = PrintfPattern(argument) {
            return try fromPattern(pattern, name: argument, range: range)
        }
        if isDirectory(argument) {
            return try fromFolder(argument, range: range)
        }
        if argument.contains(where: { "*?[".contains($0) }) {
            return try fromGlob(argument, range: range)
        }
        return nil
    }

    /// Whether `argument` names a sequence (a printf pattern, a folder, a glob) rather than one
    /// file, told without listing any folder: `find` lists it (and says what it found wrong).
    public static func namesSequence(_ argument: String) -> Bool {
        // A file of that very name is that file, whatever its name has in it ('100%d.gif').
        if exists(argument) && !isDirectory(argument) { return false }
        return PrintfPattern(argument) != nil || isDirectory(argument)
            || argument.contains(where: { "*?[".contains($0) })
    }

    /// `dir/prefix%0Nd.suffix` (or `%d`): the files in `dir` whose names are prefix, digits,
    /// suffix.
    private static func fromPattern(_ pattern: PrintfPattern, name: String, range: ClosedRange<Int>?)
        throws(DecodeError) -> FrameSequence
    {
        var found: [Int: String] = [:]
        for entry in try listing(pattern.directory) {
            guard let number = pattern.number(inName: entry) else { continue }
            found[number] = join(pattern.directory, entry)
        }
        return try sequence(found, name: name, range: range, padding: pattern.width, what: "no file matches")
    }

    /// The numbered files of a folder: names that differ only in their last run of digits; of
    /// several such groups, the largest.
    private static func fromFolder(_ folder: String, range: ClosedRange<Int>?) throws(DecodeError) -> FrameSequence {
        var groups: [String: [(number: Int, digits: Int, name: String)]] = [:]
        for entry in try listing(folder) where !entry.hasPrefix(".") {
            guard let split = NumberedName(entry) else { continue }
            groups[split.prefix + "\u{0}" + split.suffix, default: []].append((split.number, split.digits, entry))
        }
        // One numbered name alone (hex digests end in digits too) is no sequence.
        guard let best = groups.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) })?.value,
            best.count >= 2
        else {
            throw .unreadable(reason: "no numbered sequence found: no two names in this folder differ only in a number")
        }
        var found: [Int: String] = [:]
        for member in best { found[member.number] = join(folder, member.name) }
        let widths = Set(best.map(\.digits))
        let padded = widths.count == 1 && best.contains { String($0.number).count < $0.digits }
        return try sequence(
            found, name: folder, range: range, padding: padded ? widths.first : nil,
            what: "no numbered image files in this folder")
    }

    /// A glob (glob(3)), in natural order (`2` before `10`); numbered by the digits in the names
    /// when each has them, else by position.
    private static func fromGlob(_ pattern: String, range: ClosedRange<Int>?) throws(DecodeError) -> FrameSequence {
        var matches = glob_t()
        defer { globfree(&matches) }
        let result = PathBytes.withCString(pattern) { glob($0, 0, nil, &matches) }
        guard result == 0, matches.gl_pathc > 0 else { throw .unreadable(reason: "no file matches") }
        var paths: [String] = []
        for index in 0..<Int(matches.gl_pathc) {
            guard let path = matches.gl_pathv[index] else { continue }
            paths.append(
                PathBytes.string(
                    from: UnsafeBufferPointer(start: path, count: strlen(path)).map {
                        UInt8(bitPattern: $0)
                    }))
        }
        let numbered = paths.map { NumberedName(baseName($0)) }
        if numbered.allSatisfy({ $0 != nil }), Set(numbered.map { $0!.number }).count == paths.count {
            var found: [Int: String] = [:]
            for (path, name) in zip(paths, numbered) { found[name!.number] = path }
            return try sequence(found, name: pattern, range: range, padding: nil, what: "no file matches")
        }
        paths.sort { NumberedName.naturalOrder($0, $1) }
        var found: [Int: String] = [:]
        for (index, path) in paths.enumerated() { found[index + 1] = path }
        return try sequence(found, name: pattern, range: range, padding: nil, what: "no file matches")
    }

    /// Members from the first number to the last (or `range`), gaps as missing frames.
    private static func sequence(
        _ found: [Int: String], name: String, range: ClosedRange<Int>?, padding: Int?, what: String
    ) throws(DecodeError) -> FrameSequence {
        guard let low = found.keys.min(), let high = found.keys.max() else {
            throw .unreadable(reason: what)
        }
        if let range, range.lowerBound < low || range.upperBound > high {
            throw .doesNotFit(
                option: "--range \(range.lowerBound)-\(range.upperBound)",
                detail: "the frames that exist are numbered \(low) to \(high)")
        }
        let span = range ?? low...high
        guard span.count <= maxFrames else {
            if let range {
                throw .doesNotFit(
                    option: "--range \(range.lowerBound)-\(range.upperBound)", detail: "more than \(maxFrames) frames")
            }
            // Numbers this far apart are no sequence (hex or dated names): say so, not the count.
            throw .unreadable(
                reason: "no numbered sequence found: \(found.count) names with numbers from \(low) to \(high) "
                    + "(name the frames with a pattern such as 'frame%04d.png', or use --range)")
        }
        let members = span.map { Member(number: $0, path: found[$0]) }
        guard members.contains(where: { $0.path != nil }) else {
            throw .unreadable(reason: "no frame numbered \(span.lowerBound) to \(span.upperBound)")
        }
        return FrameSequence(name: name, members: members, padding: padding)
    }

    /// A sequence longer than this is refused (its list alone would be large).
    public static let maxFrames = 1_000_000

    private static func listing(_ directory: String) throws(DecodeError) -> [String] {
        guard let handle = PathBytes.withCString(directory.isEmpty ? "." : directory, { opendir($0) }) else {
            throw .unreadable(reason: "cannot list \(directory.isEmpty ? "." : directory): " + systemMessage(errno))
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathBytes.string(from: raw.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return PathBytes.withCString(path) { stat($0, &status) } == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    private static func exists(_ path: String) -> Bool {
        PathBytes.withCString(path) { access($0, F_OK) } == 0
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.isEmpty ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func baseName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }
}
