public import Picture

/// One way of putting `PixelPicture`s on a terminal (kitty, sixel, iTerm2): the bytes that
/// change the screen from what it shows to the next picture. Positions are cells from the
/// output's `PictureOrigin`.
public protocol GraphicsOutput: AnyObject {
    /// Appends what shows `picture` where its layout says, sending as little as it can given
    /// what is on screen.
    func draw(_ picture: PixelPicture, into out: inout [UInt8])
    /// The screen was cleared (or given back): the next draw sends everything.
    func invalidate()
    /// Appends what frees what the terminal keeps of tview's pictures (before it is given back).
    func release(into out: inout [UInt8])
    /// `picture` alone at the cursor, the cursor left below it: the last frame, left on the
    /// normal screen after playing.
    func still(_ picture: PixelPicture) -> [UInt8]
}
