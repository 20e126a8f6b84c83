import Glibc
internal import Playback
internal import Terminal
import Synchronization

/// Controls for an animation playing on another thread, as the keys give them to a person:
/// each call is sent to the player at once (through a pipe its wait polls), from any thread.
/// Calls made while nothing plays take effect when playing starts.
///
/// ```swift
/// let player = TerminalPlayer(surface: .inline)
/// let controls = player.controls
/// Thread { _ = player.play(animation) }.start()   // or your own thread
/// controls.pauseOrResume()
/// controls.stop()
/// ```
public final class PlaybackControls: Sendable {
    let readEnd: CInt
    private let writeEnd: CInt
    private let stopSent = Atomic<Bool>(false)

    init() {
        var ends: [CInt] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
        } else {
            ends = [-1, -1]  // poll passes over a negative descriptor: no controls, playing goes on
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Pauses, or resumes where it paused (space).
    public func pauseOrResume() { send(.pauseResume) }
    /// One frame on, paused (.).
    public func stepForward() { send(.stepForward) }
    /// One frame back, paused (,).
    public func stepBack() { send(.stepBack) }
    /// Twice as fast (+), up to 16 times.
    public func faster() { send(.faster) }
    /// Half as fast (-), down to a sixteenth.
    public func slower() { send(.slower) }
    /// The file's own speed again (0).
    public func normalSpeed() { send(.normalSpeed) }
    /// From the first frame again (r).
    public func restart() { send(.restart) }
    /// Ends playing: ``TerminalPlayer/play(_:)-(Animation)`` returns ``PlaybackOutcome/stopped``.
    public func stop() {
        stopSent.store(true, ordering: .sequentiallyConsistent)
        send(.quit)
    }

    /// True once ``stop()`` was called.
    var stopRequested: Bool { stopSent.load(ordering: .sequentiallyConsistent) }

    private func send(_ key: PlayerKey) {
        guard writeEnd >= 0, var byte = RemoteKeys.byte(for: key) else { return }
        _ = write(writeEnd, &byte, 1)
    }
}
