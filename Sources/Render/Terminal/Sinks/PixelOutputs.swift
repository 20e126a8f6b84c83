public import Graphics
public import Picture

/// How pictures go out in pixels, as the terminal's profile decided: the protocol, what the
/// terminal does with it, and a cell's size. Makes the outputs: one for full screen, one per
/// gallery tile (kitty tiles get image ids and a share of the terminal's store of their own).
public struct PixelOutputs: Sendable {
    public let graphics: GraphicsProtocol
    /// kitty keeps animation frames (else the two-id flip).
    let animationFrames: Bool
    /// Inside tmux, kitty's commands go through to it.
    let passthrough: TmuxPassthrough?
    /// A cell's pixels when the terminal's size does not say.
    public let cell: PixelSize
    /// The largest image the terminal shows, where it matters (sixel: xterm shows nothing over it).
    public let maximum: PixelSize?
    /// A sixel frame may draw only the pixels that changed (`TerminalProfile.sixelNeedsWholeCells`).
    let sixelChangedPixelsOnly: Bool
    /// The rows under an inline picture each hold a space (`TerminalProfile.inlineRowsHoldText`).
    public let inlineRowsHoldText: Bool
    /// kitty pictures are placed by Unicode placeholders (`TerminalProfile.placeholders`).
    let placeholders: Bool
    /// The longest sixel sequence (`TerminalProfile.sixelSequenceLimit`).
    let sixelSequenceLimit: Int?

    public var terminalScales: Bool { graphics.terminalScales }

    /// Pixels as `profile` decided, or nil for text; `inline`: as it decided for `--inline`.
    public init?(profile: TerminalProfile, inline: Bool = false) {
        guard let graphics = inline ? profile.inlineGraphics : profile.graphics else { return nil }
        self.init(
            graphics: graphics, cell: profile.cell, maximum: profile.largestImage,
            animationFrames: profile.keepsAnimationFrames, sixelChangedPixelsOnly: profile.sixelNeedsWholeCells == nil,
            passthrough: profile.passthrough, inlineRowsHoldText: profile.inlineRowsHoldText,
            placeholders: profile.placeholders, sixelSequenceLimit: profile.sixelSequenceLimit)
    }

    public init(
        graphics: GraphicsProtocol, cell: PixelSize, maximum: PixelSize? = nil, animationFrames: Bool = true,
        sixelChangedPixelsOnly: Bool = true, passthrough: TmuxPassthrough? = nil, inlineRowsHoldText: Bool = true,
        placeholders: Bool = false, sixelSequenceLimit: Int? = nil
    ) {
        self.placeholders = placeholders
        self.sixelSequenceLimit = sixelSequenceLimit
        self.inlineRowsHoldText = inlineRowsHoldText
        self.graphics = graphics
        self.cell = cell
        self.maximum = maximum
        self.animationFrames = animationFrames
        self.sixelChangedPixelsOnly = sixelChangedPixelsOnly
        self.passthrough = passthrough
    }

    /// The output for the whole screen (`slot` nil) or for gallery tile `slot`.
    public func output(slot: Int? = nil) -> any GraphicsOutput {
        if graphics == .sixel {
            return SixelOutput(changedPixelsOnly: sixelChangedPixelsOnly, sequenceLimit: sixelSequenceLimit)
        }
        guard graphics == .kitty else { return graphics.output() }
        guard let slot else {
            return KittyOutput(animationFrames: animationFrames, passthrough: passthrough, placeholders: placeholders)
        }
        return KittyOutput(
            animationFrames: animationFrames, storedBytes: 1 << 24, passthrough: passthrough, ids: Self.kittyIDs(slot),
            placeholders: placeholders)
    }

    /// kitty image ids of their own for picture `n` of several at once (a gallery's tiles, inline
    /// files): 255 ids in each of 200 ranges.
    private static func kittyIDs(_ n: Int) -> ClosedRange<UInt32> {
        let base = 0x7476_0001 + UInt32(n % 200) * 0x100
        return base...(base + 0xFE)
    }

    /// The output for file `file` drawn inline, its cells counted from the cursor saved at the
    /// picture's top left (kitty: an image with ids of its own for each file, so the pictures
    /// above stay; through tmux only by placeholders, as the pane's row on the screen is not known).
    public func inlineOutput(file: Int) -> any GraphicsOutput {
        switch graphics {
        case .kitty:
            return KittyOutput(
                animationFrames: animationFrames, passthrough: placeholders ? passthrough : nil,
                ids: Self.kittyIDs(file),
                origin: .savedCursor, placeholders: placeholders)
        case .sixel:
            return SixelOutput(
                changedPixelsOnly: sixelChangedPixelsOnly, origin: .savedCursor, sequenceLimit: sixelSequenceLimit)
        case .iterm2:
            return ITerm2Output(origin: .savedCursor)
        }
    }
}
