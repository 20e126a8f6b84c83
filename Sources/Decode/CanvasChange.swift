/// What a frame changed: the canvas differs from the one of frame `since` (a `Frame.serial`)
/// only inside `rect`. Lets a renderer redo only the cells a small frame touches on a huge canvas.
public struct CanvasChange: Sendable, Equatable {
    /// The serial of the earlier frame this one is compared with.
    public var since: UInt64
    /// Where the two canvases may differ (empty: nowhere).
    public var rect: PixelRect
    /// Where inside `rect` they may differ, square by square; nil when only `rect` is known.
    public var tiles: ChangedTiles?

    public init(since: UInt64, rect: PixelRect, tiles: ChangedTiles? = nil) {
        self.since = since
        self.rect = rect
        self.tiles = tiles
    }

    /// The change from `since` of `self` to the frame after `next` was applied on top:
    /// `next` must be the change from the frame `self` led to.
    public func followed(by next: CanvasChange) -> CanvasChange {
        let tiles: ChangedTiles? =
            if rect.isEmpty { next.tiles } else if next.rect.isEmpty { self.tiles } else {
                self.tiles.flatMap { mine in next.tiles.flatMap { mine.union($0) } }
            }
        return CanvasChange(since: since, rect: rect.union(next.rect), tiles: tiles)
    }
}
