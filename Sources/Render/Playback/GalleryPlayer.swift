public import Decode

/// Plays many files at once, each in a tile on its own timing (`--grid`): one clock, one loop that
/// decodes whichever tile is due next, one frame cache for all tiles (`cacheBytes` in total; a
/// tile whose whole loop is cached plays on without decoding). Each tile keeps only its decoder's
/// canvas and the picture it shows. Tiles that fall behind skip frames (decoded, not drawn), as
/// the single player does; a tile's clock starts when its first frame is on screen.
///
/// Keys: arrows (and . ,) move the selection, Enter opens the selected file full screen (`run`
/// returns `.open`; call `run` again to come back), n/p turn pages, space pauses all, r restarts
/// the page, q quits.
public final class GalleryPlayer<Sink: GallerySink> {
    public enum Outcome: Equatable, Sendable {
        /// `timeLimit` reached.
        case finished
        case quit
        case interrupted(signal: Int32)
        case open(file: Int)
        case outputFailed(WriteError)
    }

    /// Frames drawn and skipped over all tiles; each tile's loops' time on screen over their
    /// nominal length, from its first loop to its last.
    public var statistics: PlaybackStatistics {
        var merged = counts
        merged.loopRatios = loopRatios.keys.sorted().map { loopRatios[$0]! }
        merged.bytesWritten = sink.bytesWritten
        return merged
    }
    private var counts = PlaybackStatistics()
    /// By file: loops on screen over their nominal length so far.
    private var loopRatios: [Int: Double] = [:]
    /// Errors of tiles that stopped, by file name.
    public private(set) var failures: [FileFailure] = []

    private let sources: [any FrameSource]
    private let clock: any PlaybackClock
    private let events: any PlayerEventSource
    private let sink: Sink
    private let grid: (columns: Int, rows: Int)?
    private let timeLimit: Duration?
    private var runStart: Duration?
    private var cache: FrameCache<Sink.Prepared>
    private var layout: GalleryLayout
    public private(set) var page = 0
    public private(set) var selection = 0
    private var tiles: [TileState] = []
    private var pausedAt: Duration?
    private var dirty = false
    private var recentPresents: [Duration] = []

    private struct TileState {
        var file: Int
        var picture: Sink.Prepared?
        /// When its first frame was on screen (nil: not yet).
        var start: Duration?
        /// The next frame's number, and media time where the shown frame ends.
        var nextIndex = 0
        var mediaEnd: Duration = .zero
        /// Its whole loop is in the cache: frames come from there.
        var fromCache = false
        /// One frame and nothing more to play, or stopped by an error.
        var still = false
        var failed: String?
        /// When the first loop measured began on screen, and where in media time.
        var loopShownAt: Duration?
        var loopMediaStart: Duration = .zero
    }

    public init(
        sources: [any FrameSource], clock: any PlaybackClock, events: any PlayerEventSource, sink: Sink,
        grid: (columns: Int, rows: Int)?, cacheBytes: Int, timeLimit: Duration? = nil
    ) {
        self.timeLimit = timeLimit
        self.sources = sources
        self.clock = clock
        self.events = events
        self.sink = sink
        self.grid = grid
        cache = FrameCache(budget: cacheBytes)
        layout = GalleryLayout(
            screenColumns: sink.area.columns, screenRows: sink.area.rows, files: sources.count, grid: grid)
    }

    public var pages: Int { (sources.count + layout.perPage - 1) / layout.perPage }

    /// Plays until q, a signal, Enter (`.open`), a failed write or `timeLimit` (from the first
    /// page on screen, across returns from `.open`).
    public func run() -> Outcome {
        startPage()
        let runStart = self.runStart ?? clock.now()
        self.runStart = runStart
        let outcome = playPage()
        counts.wall = clock.now() - runStart
        return outcome
    }

    private func playPage() -> Outcome {
        while true {
            if let error = sink.outputError { return .outputFailed(error) }
            let now = clock.now()
            if let timeLimit, let runStart, now - runStart >= timeLimit { return .finished }
            if pausedAt == nil { advanceDueTiles(at: now) }
            var wake = pausedAt == nil ? nextDeadline() : nil
            if let timeLimit, let runStart { wake = min(wake ?? runStart + timeLimit, runStart + timeLimit) }
            if dirty {
                if let later = sink.readiness(at: now) {
                    wake = min(wake ?? later, later)
                } else {
                    present()
                    continue
                }
            }
            guard let event = events.wait(until: wake) else { continue }
            if let outcome = handle(event) { return outcome }
        }
    }

    // MARK: tiles

    /// Opens the page's tiles from their first frames and shows them; clocks start now.
    private func startPage() {
        page = min(page, max(0, pages - 1))
        let first = page * layout.perPage
        let files = Array(first..<min(sources.count, first + layout.perPage))
        selection = min(selection, max(0, files.count - 1))
        tiles = files.map { TileState(file: $0) }
        for slot in tiles.indices {
            do {
                try sources[tiles[slot].file].rewind()
            } catch {
                fail(slot, error)
                continue
            }
            tiles[slot].fromCache =
                sources[tiles[slot].file].frameCount.map {
                    cache.holds(file: tiles[slot].file, frames: $0)
                } ?? false
            advance(slot, to: .zero)
        }
        pausedAt = nil
        present()
        let now = clock.now()
        for slot in tiles.indices {
            tiles[slot].start = now
            tiles[slot].loopShownAt = now
        }
    }

    private func advanceDueTiles(at now: Duration) {
        for slot in tiles.indices {
            guard let start = tiles[slot].start, !tiles[slot].still, tiles[slot].failed == nil else { continue }
            if start + tiles[slot].mediaEnd <= now { advance(slot, to: now - start) }
        }
    }

    private func nextDeadline() -> Duration? {
        tiles.compactMap { tile -> Duration? in
            guard let start = tile.start, !tile.still, tile.failed == nil else { return nil }
            return start + tile.mediaEnd
        }.min()
    }

    /// Moves a tile on to the frame that shows at media `position`: frames before it are decoded
    /// (compositing needs them) but not drawn; at the end of a pass the file starts again.
    private func advance(_ slot: Int, to position: Duration) {
        let file = tiles[slot].file
        let source = sources[file]
        var wrapped = false
        repeat {
            let index = tiles[slot].nextIndex
            if tiles[slot].fromCache {
                guard let entry = cache[file, index] else {
                    // The end of the cached loop: from its start again (the decoder is not used);
                    // a single frame stays.
                    guard index > 0 else {
                        tiles[slot].fromCache = false
                        continue
                    }
                    guard index > 1 else {
                        tiles[slot].still = true
                        return
                    }
                    tiles[slot].nextIndex = 0
                    if wrapped { tiles[slot].mediaEnd = position }
                    wrapped = true
                    continue
                }
                place(slot, index: index, duration: entry.duration, position: position) { entry.prepared }
            } else {
                let frame: Frame?
                let decodeStart = clock.now()
                defer { counts.decodeTime += clock.now() - decodeStart }
                do {
                    frame = try source.nextFrame()
                } catch {
                    fail(slot, error)
                    return
                }
                guard let frame else {
                    // End of the pass: a single frame stays; anything else plays again.
                    let count = tiles[slot].nextIndex
                    guard count > 1 else {
                        tiles[slot].still = true
                        return
                    }
                    // A whole loop behind already: catch up to now rather than loop again.
                    if wrapped { tiles[slot].mediaEnd = position }
                    wrapped = true
                    do { try source.rewind() } catch {
                        fail(slot, error)
                        return
                    }
                    tiles[slot].nextIndex = 0
                    tiles[slot].fromCache = cache.holds(file: file, frames: count)
                    continue
                }
                place(slot, index: index, duration: frame.duration, position: position) {
                    let renderStart = clock.now()
                    defer { counts.renderTime += clock.now() - renderStart }
                    let prepared = sink.prepare(
                        frame.image, serial: frame.serial, change: frame.change, tile: layout.tiles[slot], slot: slot,
                        file: file, index: index)
                    cache.insert(
                        file: file, frame: index, prepared: prepared, duration: frame.duration,
                        cost: sink.cost(of: prepared), reserve: 0)
                    return prepared
                }
            }
        } while tiles[slot].mediaEnd <= position
    }

    /// Frame `index` comes next on a tile's timeline: shown (its picture made by `picture`, only
    /// then) when it covers media `position`, else skipped.
    private func place(_ slot: Int, index: Int, duration: Duration, position: Duration, picture: () -> Sink.Prepared) {
        let length = max(.milliseconds(1), duration)
        tiles[slot].nextIndex += 1
        tiles[slot].mediaEnd += length
        guard tiles[slot].mediaEnd > position else {
            counts.framesSkipped += 1
            return
        }
        tiles[slot].picture = picture()
        counts.framesShown += 1
        // Late: drawn after the frame's deadline on the tile's clock.
        if let start = tiles[slot].start {
            counts.lateness.append(max(0, (clock.now() - (start + tiles[slot].mediaEnd - length)).milliseconds))
        }
        dirty = true
        if index == 0 { loopBegins(slot, mediaStart: tiles[slot].mediaEnd - length) }
    }

    /// A tile shows its first frame again: its loops so far took this long on screen against
    /// their media length (the page's start counts as the first loop's beginning).
    private func loopBegins(_ slot: Int, mediaStart: Duration) {
        guard let start = tiles[slot].start, let first = tiles[slot].loopShownAt else { return }
        let nominal = mediaStart - tiles[slot].loopMediaStart
        if nominal > .zero { loopRatios[tiles[slot].file] = (max(clock.now(), start + mediaStart) - first) / nominal }
    }

    private func fail(_ slot: Int, _ error: DecodeError) {
        tiles[slot].failed = error.description
        failures.append(FileFailure(name: sources[tiles[slot].file].name, error: error))
        dirty = true
    }

    // MARK: drawing

    private func present() {
        let views = tiles.indices.map { slot in
            GalleryTileView(
                tile: layout.tiles[slot], file: tiles[slot].file, picture: tiles[slot].picture,
                caption: tiles[slot].failed.map { "\(Self.shortName(sources[tiles[slot].file].name)): \($0)" }
                    ?? Self.shortName(sources[tiles[slot].file].name),
                selected: slot == selection)
        }
        sink.present(views, status: statusText())
        dirty = false
        let now = clock.now()
        recentPresents.append(now)
        recentPresents.removeAll { now - $0 > .seconds(1) }
    }

    /// A path's last part (a folder's, for a sequence named by its folder).
    static func shortName(_ name: String) -> String {
        let parts = name.split(separator: "/")
        return parts.last.map(String.init) ?? name
    }

    private func statusText() -> String {
        var parts = ["page \(page + 1)/\(pages)", "\(sources.count) files"]
        if tiles.indices.contains(selection) { parts.append("▸ \(sources[tiles[selection].file].name)") }
        parts.append("\(recentPresents.count) fps")
        if pausedAt != nil { parts.append("paused") }
        parts.append("arrows select · Enter opens · n/p pages · q quits")
        return parts.joined(separator: "  ")
    }

    // MARK: events

    private func handle(_ event: PlayerEvent) -> Outcome? {
        switch event {
        case .terminate(let signal):
            return .interrupted(signal: signal)
        case .outputShown:
            return nil
        case .resize:
            relayout()
        case .suspend:
            sink.suspend()
            relayout()
        case .key(let key):
            switch key {
            case .quit: return .quit
            case .interrupt: return .interrupted(signal: 2)
            case .open:
                guard tiles.indices.contains(selection) else { return nil }
                return .open(file: tiles[selection].file)
            case .nextFile, .previousFile:
                guard pages > 1 else { return nil }
                page = (page + (key == .nextFile ? 1 : pages - 1)) % pages
                startPage()
            case .stepForward: select(selection + 1)
            case .stepBack: select(selection - 1)
            case .down: select(selection + layout.columns)
            case .up: select(selection - layout.columns)
            case .pauseResume:
                let now = clock.now()
                if let pausedAt {
                    for slot in tiles.indices {
                        tiles[slot].start = tiles[slot].start.map { $0 + (now - pausedAt) }
                        tiles[slot].loopShownAt = tiles[slot].loopShownAt.map { $0 + (now - pausedAt) }
                    }
                    self.pausedAt = nil
                } else {
                    pausedAt = now
                }
                dirty = true
            case .restart: startPage()
            case .faster, .slower, .normalSpeed, .toggleStatus: break
            }
        }
        return nil
    }

    private func select(_ slot: Int) {
        guard tiles.indices.contains(slot) else { return }
        selection = slot
        dirty = true
    }

    /// New size: new tiles, pictures made anew, the page from its start.
    private func relayout() {
        sink.refresh()
        layout = GalleryLayout(
            screenColumns: sink.area.columns, screenRows: sink.area.rows, files: sources.count, grid: grid)
        cache.removeAll()
        startPage()
    }
}
