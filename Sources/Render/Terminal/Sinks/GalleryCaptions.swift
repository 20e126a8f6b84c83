import Graphics
import Playback
import Picture

/// The text a gallery page shows besides its pictures: each tile's caption under it (anything
/// that would act on the terminal shown as an escape; the selected one in reverse video, the
/// others dim) and the status line, each written only when it changed or the screen was cleared.
struct GalleryCaptions {
    private var shown: [Int: String] = [:]
    private var shownStatus: ScreenText?
    private let writer = ANSIWriter(mode: .truecolor)

    /// Forget what is on screen (it was cleared).
    mutating func invalidate() {
        shown = [:]
        shownStatus = nil
    }

    /// Ends a page's bytes with the captions and status line, and writes them to `screen` (the screen less its last row holds the tiles).
    mutating func finish<Prepared>(
        _ bytes: inout [UInt8], tiles: [TileView<Prepared>], status: PlaybackStatus?, on screen: NCursesScreen
    ) {
        var status = status
        status?.link = screen.link.report
        append(tiles, status: status, statusRow: screen.size.statusRow, width: screen.size.statusWidth, into: &bytes)
        screen.present(bytes: bytes)
    }

    mutating func append<Prepared>(
        _ tiles: [TileView<Prepared>], status: PlaybackStatus?, statusRow: Int, width: Int,
        into bytes: inout [UInt8]
    ) {
        for (slot, view) in tiles.enumerated() {
            guard let caption = view.caption else { continue }
            let text = ScreenText(caption).fitted(to: view.tile.width)
            let key = (view.selected ? "\u{1}" : "") + text.description
            guard shown[slot] != key, view.tile.captionRow < statusRow else { continue }
            shown[slot] = key
            bytes += ControlSequence.cursorPosition(row: view.tile.captionRow, column: view.tile.column)
            bytes += ControlSequence.resetAttributes
            bytes += view.selected ? ControlSequence.reverseVideo : ControlSequence.faint
            bytes += text.bytes
            bytes += ControlSequence.resetAttributes
        }
        let line = status?.text(width: width).fitted(to: width) ?? ScreenText("")
        writer.appendStatus(line, replacing: shownStatus, row: statusRow, into: &bytes)
        shownStatus = line
    }
}
