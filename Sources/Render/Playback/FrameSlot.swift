import Decode

/// A frame on the player's timeline: its canvas (until downsampled, or nil when it came from the
/// cache), what the sink prepared of it, and where it sits in media time.
struct FrameSlot<Prepared> {
    var image: RGBAImage?
    var prepared: Prepared?
    /// The decoded frame's serial and what it changed (see `Frame`), so the sink redoes only
    /// that; `rendered`: the sink prepared it (it did not come from the cache).
    var serial: UInt64 = 0
    var change: CanvasChange?
    var rendered = false
    var index: Int
    var mediaStart: Duration
    var duration: Duration
    var mediaEnd: Duration { mediaStart + duration }

    /// Canvases larger than this are not kept once downsampled: holding one makes the decoder
    /// copy it (copy-on-write) for the next frame — a memmove per frame, 3 % of playing a
    /// 480x270 GIF's CPU, and a 720p canvas is 3.7 MB. See `Player.relayout` for what a resize
    /// does then.
    static var largestKeptCanvas: Int { 1 << 16 }

    /// Drops the canvas when it is too large to keep.
    mutating func letGoOfLargeCanvas() {
        if let image, image.width * image.height > Self.largestKeptCanvas { self.image = nil }
    }

    /// `self` was skipped (never prepared by the sink): `next`, decoded after it, also changes
    /// what it changed.
    func handChange(on next: inout FrameSlot) {
        guard !rendered, let before = change, let after = next.change, after.since == serial else { return }
        next.change = before.followed(by: after)
    }
}
