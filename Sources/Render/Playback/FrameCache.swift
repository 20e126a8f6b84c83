/// Prepared (downsampled) frames kept under a byte budget, by file and frame number. Frames are
/// added in playing order while they fit and never evicted, so a loop that does not fit whole
/// keeps its first frames instead of thrashing; a loop that fits whole plays again without
/// decoding anything. It belongs to the player's files, so coming back to a file (n/p) finds
/// its frames. Cleared when the layout changes (resize, status line). One for all of a player's
/// timelines (a gallery's tiles share the budget), used by one thread at a time.
final class FrameCache<Prepared> {
    struct Key: Hashable {
        var file: Int
        var frame: Int
    }

    struct Entry {
        var prepared: Prepared
        var duration: Duration
    }

    let budget: Int
    private(set) var used = 0
    private var entries: [Key: Entry] = [:]

    init(budget: Int) {
        self.budget = budget
    }

    subscript(file: Int, frame: Int) -> Entry? {
        entries[Key(file: file, frame: frame)]
    }

    /// Keeps `prepared` if it fits in what is left of the budget less `reserve` (memory the
    /// file needs anyway: a big canvas leaves less room for cached frames).
    func insert(file: Int, frame: Int, prepared: Prepared, duration: Duration, cost: Int, reserve: Int = 0) {
        let key = Key(file: file, frame: frame)
        guard entries[key] == nil, used + cost + reserve <= budget else { return }
        entries[key] = Entry(prepared: prepared, duration: duration)
        used += cost
    }

    /// True when frames 0..<count of `file` are all here.
    func holds(file: Int, frames count: Int) -> Bool {
        count > 0 && (0..<count).allSatisfy { entries[Key(file: file, frame: $0)] != nil }
    }

    func removeAll() {
        entries.removeAll()
        used = 0
    }
}
