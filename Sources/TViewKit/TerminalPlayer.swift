internal import Decode
import Glibc
internal import Playback
internal import Terminal

/// Plays animations in the terminal: full screen, as a gallery, inline in the scrollback, or as
/// timed text to standard output; each frame for its own duration on a monotonic clock (frames
/// are skipped when playing falls behind, never played slower), decoded one ahead.
///
/// ```swift
/// let animation = try Animation(.file(path: "anim.gif"))
/// let player = TerminalPlayer(surface: .inline, playback: PlaybackOptions(plays: 2))
/// player.onFrame = { _, frame in progress = frame }
/// let result = player.play(animation)
/// ```
///
/// ``play(_:)-(Animation)`` runs on the calling thread until playing ends; ``controls`` act from any other
/// thread. It opens the controlling terminal (`/dev/tty`) for keys, asks the terminal once what
/// it is and does (a few milliseconds), and gives everything back before it returns, also on
/// an error. Signals: handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP and
/// SIGCONT are installed on first use (``TerminalSignals``), as ncurses does: an ending signal
/// while playing ends playing (``PlaybackOutcome/interrupted(signal:)``) with the terminal
/// restored, and one that comes while nothing listens ends the process as 128 + its number,
/// the terminal given back.
public final class TerminalPlayer {
    /// Where it plays.
    public let surface: PlaybackSurface
    /// How pictures are drawn.
    public let picture: PictureOptions
    /// How playing goes.
    public let playback: PlaybackOptions
    /// Pause, step, speed and stop from other threads.
    public let controls = PlaybackControls()
    /// Called on the playing thread after each frame is put on screen (full screen and inline):
    /// the animation's place in the list given to ``play(_:)-(Animation)``, and the frame's number, from 1.
    public var onFrame: ((_ animation: Int, _ frame: Int) -> Void)?

    private let environment: [String: String]

    /// A player for `surface`; nothing is asked of the terminal until ``play(_:)-(Animation)``.
    /// - Parameters:
    ///   - surface: where it plays.
    ///   - picture: how pictures are drawn; what is left nil the terminal decides.
    ///   - playback: how often, how long, from where.
    ///   - environment: where `TERM`, `COLORTERM`, `NO_COLOR`, `TMUX`, `COLUMNS` and `LINES` are
    ///     read; the process's own by default.
    public init(
        surface: PlaybackSurface = .fullScreen, picture: PictureOptions = PictureOptions(),
        playback: PlaybackOptions = PlaybackOptions(), environment: [String: String] = ProcessEnvironment.current
    ) {
        self.surface = surface
        self.picture = picture
        self.playback = playback
        self.environment = environment
    }

    /// Plays `animation` until it has played its plays, the time limit, q, ``PlaybackControls/stop()``
    /// or a signal.
    /// - Parameter animation: what to play, from its next frame.
    public func play(_ animation: Animation) -> PlaybackResult {
        play([animation])
    }

    /// Plays `animations`: one after another full screen (n and p move between them), all at once
    /// in a gallery, one after another inline or to standard output.
    /// - Parameter animations: what to play, each from its next frame.
    public func play(_ animations: [Animation]) -> PlaybackResult {
        guard let signals = TerminalSignals.descriptor() else {
            return PlaybackResult(
                outcome: .failed(.terminal(reason: "cannot set up signal handling")), report: PlaybackReport(),
                failures: [])
        }
        let session = TerminalSession(
            picture: picture, playback: playback, environment: environment, signals: signals,
            remoteKeys: controls.readEnd, onFrame: onFrame)
        var result = session.play(animations.map(\.image), surface: surface)
        if result.outcome == .quit && controls.stopRequested { result.outcome = .stopped }
        return result
    }
}
