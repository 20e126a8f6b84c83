import Decode

/// What kitty keeps for an animation frame made on top of another (`a=f,c=`), worked out as
/// kitty 0.26.5 does it, to count the terminal's store: the new frame holds only its rectangle
/// and points at its base, unless the base's own chain of frames is long (five frames, or twice
/// the image's area drawn), when kitty stores the new frame whole instead.
struct KittyFrameChain: Equatable {
    /// Frames drawn to show this one (itself and the bases under it), and their pixels.
    let frames: Int
    let area: Int
    /// Bytes kitty stores for this frame.
    let storedBytes: Int

    /// A frame kitty holds whole (the image itself, or a frame it composed in full).
    static func whole(_ image: RGBAImage) -> KittyFrameChain {
        KittyFrameChain(frames: 1, area: image.width * image.height, storedBytes: image.width * image.height * 4)
    }

    /// A frame made on top of this one with `region` of `image`.
    func adding(_ region: PixelRect, of image: RGBAImage) -> KittyFrameChain {
        let whole = image.width * image.height
        if frames > 1 && (frames >= 5 || area >= 2 * whole) { return .whole(image) }
        let drawn = region.width * region.height
        return KittyFrameChain(frames: frames + 1, area: area + drawn, storedBytes: drawn * 4)
    }
}
