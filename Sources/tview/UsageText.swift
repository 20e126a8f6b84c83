/// What tview's usage says, written once: `--help` (and the man page made from it) and the
/// README's usage section show these; a test holds the README to them.
enum UsageText {
    /// Each key (or pair of keys) and what it does while playing.
    static let keys: [(keys: String, action: String)] = [
        ("space", "pause/resume"), (". or right", "step forward"), (", or left", "step back"),
        ("+ and -", "speed x2 and /2"), ("0", "normal speed"), ("r", "restart"), ("i", "status line on/off"),
        ("n and p", "next and previous file"), ("q or Esc", "quit"), ("Ctrl-C", "quit (exit 130)"),
        ("Ctrl-Z", "suspend"),
    ]

    /// The keys as one sentence.
    static var keysSentence: String {
        keys.map { "\($0.keys) \($0.action)" }.joined(separator: "; ") + "."
    }

    /// Each way of running tview, with what it does.
    static let examples: [(command: String, what: String)] = [
        ("tview anim.gif", "full screen until q (or as often as the file says)"),
        ("tview a.gif b.webp c.png", "one after another; n / p switch"),
        ("tview clip.mp4", "a video clip (MP4, MOV, WebM, MKV) plays as a GIF does, without sound"),
        ("cat anim.gif | tview -", "- reads standard input (keys still come from the terminal)"),
        ("tview --grid auto *.gif", "a gallery: every file in a tile, each on its own timing"),
        ("tview --inline anim.gif", "plays in place where the cursor is (pixels or text); the last frame stays"),
        ("tview anim.gif > out.txt", "not a terminal: the first frame as ANSI text (--frame N)"),
        ("tview --pixels sixel anim.gif > a.six", "... or as a sixel (kitty, iterm2) image"),
        ("tview --animate anim.gif | less -R", "not a terminal, every frame, timed"),
        ("tview --info anim.gif other.webp", "format, size, frames, loop count, durations (--json)"),
        ("tview --extract frames/ anim.webp", "frames/frame-0001.png, ..."),
        ("tview 'frames/%04d.png' --fps 24", "numbered files as one animation (or a folder, or a glob)"),
        ("tview sheet.png --sheet 8x4", "a sprite sheet of 8 columns x 4 rows"),
        ("tview --probe", "what the terminal answered and what tview chose, and why"),
    ]

    /// The examples as `--help` shows them: each command, its note indented below it (beside
    /// it, most would pass 80 columns, where the help breaks lines anywhere).
    static var helpLines: [String] {
        examples.flatMap { ["  " + $0.command, "      " + $0.what] }
    }
}
