import Decode

/// The decoding side of playing: which file, where its timeline stands (frame number, media
/// time, loops), decoding the next frame (or taking it from the cache when the whole loop is
/// there) and preparing it through the sink.
///
/// Threads: the player's decode-ahead job uses only this and the sink's `prepare`; the player's
/// own thread touches it again only after `Player.collectAhead`.
final class FrameFeed<Sink: FrameSink> {
    typealias Slot = FrameSlot<Sink.Prepared>

    private let sources: [any FrameSource]
    private let sink: Sink
    private let clock: any PlaybackClock
    /// Where prepared frames go, and the tile's place in the layout (the sink keeps a scaler
    /// for each). The current file is told the frames worth decoding for it.
    var tile: Tile {
        didSet { if tile != oldValue { showSourceAtTile() } }
    }
    let slot: Int
    /// A file of one frame plays again each loop (full screen: it counts as a loop), or stays
    /// (a gallery's still needs no deadlines).
    var repeatsSingleFrames = true
    /// The file's frame count is worked out ahead where a walk over it tells it (GIF), for the
    /// status line: not where none shows (a gallery's tiles, no status line).
    var countsFramesAhead = true
    /// What decoding did (frames decoded, time, loops).
    private(set) var statistics = PlaybackStatistics()
    /// Files that could not be played, with why.
    private(set) var failures: [FileFailure] = []
    /// Why the current file stopped playing, if it did.
    private(set) var failure: DecodeError?

    private(set) var source: (any FrameSource)!
    private(set) var fileIndex = 0
    /// How many passes the file plays (nil: forever).
    var plays: Int?
    private var loopsDone = 0
    /// Where the current loop began on the media timeline.
    private(set) var loopMediaStart: Duration = .zero
    private var nextIndex = 0
    /// The last pass ended and no other follows: the end is counted once.
    private var passOver = false
    private var mediaCursor: Duration = .zero
    private var played: Set<Int> = []
    private let cache: FrameCache<Sink.Kept>
    /// Files whose whole loop is in the cache: they play without decoding.
    private var cachedLoops: Set<Int> = []
    /// Frames decoded so far and the time they took.
    private var decodeCost: (frames: Int, time: Duration) = (0, .zero)

    /// What decoding a frame has taken on average so far (zero before the first).
    var meanDecodeTime: Duration {
        decodeCost.frames > 0 ? decodeCost.time / decodeCost.frames : .zero
    }

    /// A resize re-decodes the file up to the frame on screen only when that is expected to take
    /// this long at most; past it, the next frame is shown instead (a 1080p GIF takes 20 ms a
    /// frame: re-decoding up to frame 300 froze the screen and the keys for over 15 s).
    static var redecodeBudget: Duration { .milliseconds(300) }

    init(
        sources: [any FrameSource], sink: Sink, clock: any PlaybackClock, cache: FrameCache<Sink.Kept>, tile: Tile,
        slot: Int
    ) {
        self.sources = sources
        self.sink = sink
        self.clock = clock
        self.cache = cache
        self.tile = tile
        self.slot = slot
    }

    /// Makes file `index` the current one, at its first frame: rewound if it played before here,
    /// or with `rewinding` (a gallery's files may have played elsewhere).
    func begin(fileAt index: Int, rewinding: Bool = false) throws(DecodeError) {
        fileIndex = index
        source = sources[index]
        showSourceAtTile()
        failure = nil
        if played.contains(index) || rewinding {
            try startPass(media: .zero)
        } else {
            nextIndex = 0
            passOver = false
            mediaCursor = .zero
        }
        played.insert(index)
        loopsDone = 0
        loopMediaStart = .zero
    }

    /// The current file decodes its next frames for the tile, as the sink says (video clips: at
    /// the size shown).
    private func showSourceAtTile() {
        guard let source, let bound = sink.decodeBound(for: tile) else { return }
        source.show(at: bound)
    }

    /// Back to the file's first frame, its loops counted afresh.
    func restart() throws(DecodeError) {
        try startPass(media: .zero)
        loopsDone = 0
        loopMediaStart = .zero
    }

    /// The next frame on the timeline, wrapping to the next loop when the file allows. From the
    /// cache when the whole loop is there, else decoded (with the cache's prepared frame, if any).
    func decodeNext(wrap: Bool = true) throws(DecodeError) -> Slot? {
        let start = clock.now()
        defer { statistics.decodeTime += clock.now() - start }
        if let slot = try nextFrameSlot() { return slot }
        guard nextIndex > 0, !passOver else { return nil }
        loopsDone += 1
        statistics.loopsDone += 1
        if let count = source.frameCount, nextIndex == count, cache.holds(file: fileIndex, frames: count) {
            cachedLoops.insert(fileIndex)
        }
        guard wrap, passFollows(done: loopsDone, frames: nextIndex) else {
            passOver = true
            return nil
        }
        try startNextPass()
        return try nextFrameSlot()
    }

    /// Whether another pass follows once `done` passes of a file of `frames` frames have played:
    /// the file's plays allow it, and a single frame repeats only where the feed says so.
    private func passFollows(done: Int, frames: Int) -> Bool {
        (plays.map { done < $0 } ?? true) && (repeatsSingleFrames || frames > 1)
    }

    /// The next pass starts where the last ended on the media timeline.
    private func startNextPass() throws(DecodeError) {
        loopMediaStart = mediaCursor
        try startPass(media: mediaCursor)
    }

    /// Passes over frames whose time ends by media time `media`, for less than decoding costs,
    /// where the source can (numbered files, video clips, JPEG XL whose frames stand alone):
    /// frames a late timeline would decode only to drop. `estimate` is taken as each one's
    /// duration beforehand (a sequence's are all equal). A pass's last frame is passed over too
    /// when another pass follows, which then starts (a short loop would otherwise decode its
    /// last and first frames every time round, and fall behind); on the last pass it stays on
    /// screen when playing ends, so it is decoded. How many were passed over.
    func skipUndecoded(endingBy media: Duration, estimate: Duration) -> Int {
        // Only where the count is known, so the last frame is known.
        guard !cachedLoops.contains(fileIndex), !passOver, estimate > .zero, let count = source.frameCount else {
            return 0
        }
        var skipped = 0
        while nextIndex < count, mediaCursor + estimate <= media {
            let last = nextIndex + 1 == count
            guard !last || passFollows(done: loopsDone + 1, frames: count), let duration = source.skipFrame() else {
                break
            }
            nextIndex += 1
            mediaCursor += duration
            skipped += 1
            guard last else { continue }
            loopsDone += 1
            statistics.loopsDone += 1
            do {
                try startNextPass()
            } catch {
                fail(error)
                break
            }
        }
        return skipped
    }

    /// `decodeNext`, with a failure in the middle of a file ending its playing (the frames shown
    /// stay; the error is reported at the end).
    func decodeNextQuietly() -> Slot? {
        do {
            return try decodeNext()
        } catch {
            fail(error)
            return nil
        }
    }

    /// The next frame, decoded and prepared (the decode-ahead job); then a step of the walk for
    /// the file's frame count where it has one (GIF), for the status line.
    func decodeAndPrepareNext() -> Slot? {
        var slot = decodeNextQuietly()
        if slot != nil { prepareIfNeeded(&slot!) }
        if countsFramesAhead { source.countFramesInAdvance(budget: Self.countingBytesPerFrame) }
        return slot
    }

    /// How much of a file the walk for its frame count reads between two frames: 1 MB, about
    /// 0.4 ms from the page cache (the whole of most GIFs).
    static var countingBytesPerFrame: Int { 1 << 20 }

    /// Starts a pass over the file at media time `media`: from the cache when the whole loop is
    /// there, else from the decoder's first frame.
    func startPass(media: Duration) throws(DecodeError) {
        if !cachedLoops.contains(fileIndex) { try source.rewind() }
        nextIndex = 0
        passOver = false
        mediaCursor = media
    }

    /// Frame `nextIndex` of the current pass, or nil at the end of it.
    private func nextFrameSlot() throws(DecodeError) -> Slot? {
        var slot: Slot
        if cachedLoops.contains(fileIndex) {
            guard let entry = cache[fileIndex, nextIndex] else { return nil }
            slot = Slot(
                image: nil, prepared: sink.restore(entry.prepared), index: nextIndex, mediaStart: mediaCursor,
                duration: entry.duration)
        } else {
            // A file's first frame still being drawn: its picture is worked out behind the
            // decoder, and the frame then taken as unchanged from it.
            let early = nextIndex == 0 ? source.growingFrame.flatMap(prepareGrowing) : nil
            let started = clock.now()
            guard let frame = try source.nextFrame() else { return nil }
            decodeCost.frames += 1
            decodeCost.time += clock.now() - started
            slot = Slot(
                image: frame.image, prepared: nil, serial: frame.serial,
                change: early.map { CanvasChange(since: $0.serial, rect: .empty) } ?? frame.change, index: nextIndex,
                mediaStart: mediaCursor, duration: frame.duration)
            slot.prepared = cache[fileIndex, nextIndex].map { sink.restore($0.prepared) }
        }
        nextIndex += 1
        mediaCursor += slot.duration
        return slot
    }

    /// `canvas` if the sink worked out its picture (counted as rendering, not decoding).
    private func prepareGrowing(_ canvas: GrowingCanvas) -> GrowingCanvas? {
        let start = clock.now()
        defer { statistics.renderTime += clock.now() - start }
        return sink.prepare(growing: canvas, tile: tile, slot: slot) ? canvas : nil
    }

    /// Downsamples a slot's frame unless the cache had it; keeps the result if it fits.
    func prepareIfNeeded(_ slot: inout Slot) {
        if slot.prepared == nil, let image = slot.image {
            let start = clock.now()
            let prepared = sink.prepare(
                image, serial: slot.serial, change: slot.change, tile: tile, slot: self.slot, file: fileIndex,
                index: slot.index)
            statistics.renderTime += clock.now() - start
            slot.prepared = prepared
            slot.rendered = true
            if mayShowAgain {
                let kept = sink.keep(prepared)
                cache.insert(
                    file: fileIndex, frame: slot.index, prepared: kept, duration: slot.duration,
                    cost: sink.cost(of: kept), reserve: image.width * image.height * 4)
            }
        }
        slot.letGoOfLargeCanvas()
    }

    /// Whether frames of this pass can be shown again: another pass follows, or another file
    /// that n/p can come back from. On the last pass of a lone file a cached frame would only
    /// hold memory (a whole 10 MB budget on a one-loop play); stepping back decodes again.
    private var mayShowAgain: Bool {
        sources.count > 1 || plays.map { loopsDone + 1 < $0 } ?? true
    }

    /// Cached frames were made for the old layout: they go (the caller empties the cache). True
    /// when the current file was playing from the cache (its decoder is not where the timeline
    /// is).
    func forgetLayout() -> Bool {
        let playingFromCache = cachedLoops.contains(fileIndex)
        cachedLoops.removeAll()
        return playingFromCache
    }

    /// Whether decoding the file again up to frame `index` fits `redecodeBudget`, going by the
    /// decodes so far.
    func redecodeFitsBudget(upTo index: Int) -> Bool {
        guard decodeCost.frames > 0 else { return true }
        return decodeCost.time / decodeCost.frames * (index + 1) <= Self.redecodeBudget
    }

    /// Decodes the file again up to `shown` (its frame number and place on the timeline), for a
    /// frame that came from the cache or whose canvas was let go: `shown` gets its canvas back
    /// (not yet prepared), and `next` becomes the frame after it.
    func resynchronize(to shown: inout Slot, next: inout Slot?) {
        do {
            try startPass(media: shown.mediaStart)
            let frame = try source.decodeFrames(shown.index + 1).last
            nextIndex = shown.index + 1
            mediaCursor = shown.mediaEnd
            shown.image = frame?.image
            shown.serial = frame?.serial ?? 0
            shown.change = frame?.change
            shown.prepared = nil
            next = decodeNextQuietly()
        } catch {
            fail(error)
        }
    }

    func fail(_ error: DecodeError) {
        failure = error
        failures.append(FileFailure(name: source.name, error: error))
    }
}
