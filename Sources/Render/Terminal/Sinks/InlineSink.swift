public import Playback

/// A sink that draws in the scrollback where the cursor was (`--inline`): it hands the terminal's
/// modes back and forth around Ctrl-Z through its caller, and shows the cursor at the end.
public protocol InlineSink: FrameSink {
    /// Called when stopped by Ctrl-Z (the caller gives the terminal's modes back) and when
    /// continued (the caller takes them again).
    var onSuspend: () -> Void { get set }
    var onContinue: () -> Void { get set }
    /// The cursor shown below the picture, once the terminal has answered every pacing query.
    func finish()
    /// The picture taken away (its rows erased, a kitty image deleted) and the cursor put back
    /// at the start of its first row, instead of `finish` (a progress animation that ends).
    func remove()
}
