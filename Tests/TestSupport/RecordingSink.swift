public import Decode
public import Playback
import Terminal

/// Remembers what was presented and when; presenting costs clock time as the test says (a slow
/// terminal, a slow link).
public final class RecordingSink: FrameSink {
    public struct Presentation {
        public let time: Duration
        public let image: RGBAImage
        public let status: String?
    }

    private let clock: ManualClock
    private let cost: (Int) -> Duration
    public private(set) var presentations: [Presentation] = []
    public private(set) var refreshes = 0
    public private(set) var suspensions = 0
    public var bytesWritten: Int { presentations.count * 100 }

    /// A slow link: the k-th frame reaches the screen this long after the link is free (writes
    /// return at once, as into a big buffer); the sink holds frames back until then.
    public var linkTime: ((Int) -> Duration)?
    /// When each presented frame was on screen (with `linkTime`).
    public private(set) var onScreen: [Duration] = []

    /// - Parameter cost: the clock time the k-th present takes.
    public init(clock: ManualClock, cost: @escaping (Int) -> Duration = { _ in .zero }) {
        self.clock = clock
        self.cost = cost
    }

    public func readiness(at now: Duration) -> Duration? {
        guard let shown = onScreen.last, shown > now else { return nil }
        return shown
    }

    /// What `decodeBound(for:)` answers for a tile (nil: nothing asked of sources).
    public var boundForTile: ((Tile) -> FrameBound)?

    public func decodeBound(for tile: Tile) -> FrameBound? {
        boundForTile?(tile)
    }

    /// The area pictures are fitted to, by whether a status line shows.
    public func pictureArea(statusLine: Bool) -> (columns: Int, rows: Int) {
        (area.columns, statusLine ? area.rows - 1 : area.rows)
    }

    /// The screen's size in cells (a test may change it, then send a resize).
    public var area = (columns: 80, rows: 24)

    /// The tile of each preparation, in order.
    public private(set) var preparedTiles: [Tile] = []

    public func prepare(
        _ image: RGBAImage, serial: UInt64, change: CanvasChange?, tile: Tile, slot: Int, file: Int, index: Int
    ) -> RGBAImage {
        preparations += 1
        prepared.append((serial, change))
        preparedTiles.append(tile)
        return image
    }

    /// Whether it works out a frame's picture behind its decoder (`prepare(growing:)`).
    public var takesGrowingFrames = false
    /// The canvases whose pictures it worked out so, in order.
    public private(set) var growingPrepared: [UInt64] = []

    public func prepare(growing canvas: GrowingCanvas, tile: Tile, slot: Int) -> Bool {
        guard takesGrowingFrames else { return false }
        growingPrepared.append(canvas.serial)
        return true
    }

    /// Called with the present's index while it is being written (before it returns).
    public var onPresent: ((Int) -> Void)?

    /// Writes fail from this present on (a full disk, a terminal that hung up).
    public var failsFromPresent: Int?
    public private(set) var outputError: WriteError?

    public func present(_ tiles: [TileView<RGBAImage>], status: PlaybackStatus?) {
        guard let prepared = tiles.first?.picture else { return }
        if let failsFromPresent, presentations.count >= failsFromPresent {
            outputError = outputError ?? WriteError(code: 28)  // ENOSPC
        }
        presentations.append(
            Presentation(time: clock.now(), image: prepared, status: status?.text(width: 200).description))
        onPresent?(presentations.count - 1)
        if let linkTime {
            onScreen.append(max(clock.now(), onScreen.last ?? .zero) + linkTime(presentations.count - 1))
        }
        clock.advance(by: cost(presentations.count - 1))
    }

    public func cost(of prepared: RGBAImage) -> Int { 1000 }

    /// How many frames were prepared (downsampled): the cache saves these.
    public private(set) var preparations = 0
    /// The serial and change of each frame prepared, in order.
    public private(set) var prepared: [(serial: UInt64, change: CanvasChange?)] = []

    public func refresh() { refreshes += 1 }

    public func suspend() {
        suspensions += 1
        clock.advance(by: .seconds(5))  // stopped for a while
    }

    /// The frame numbers presented, in order (synthetic sources).
    public var frameNumbers: [Int] { presentations.map { SyntheticSource.frameNumber(of: $0.image) } }
}
