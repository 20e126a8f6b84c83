// Shows an animation inline, where the cursor is, while a slow task runs on another thread,
// and takes it away when the task is done: a progress animation.
//
//     progress-animation ANIMATION [SECONDS]
//
// The task here only sleeps for SECONDS (default 3); put real work in its place.
import Glibc
import TViewKit

/// A line on standard error.
func complain(_ text: String) {
    var line = text + "\n"
    _ = line.withUTF8 { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// The slow task: on a thread of its own, so the animation plays on this one. When it is done
/// it stops the player (the controls may be used from any thread).
final class SlowTask: Sendable {
    let seconds: Double
    let controls: PlaybackControls

    init(seconds: Double, controls: PlaybackControls) {
        self.seconds = seconds
        self.controls = controls
    }

    func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { context in
                let task = Unmanaged<SlowTask>.fromOpaque(context!).takeRetainedValue()
                usleep(useconds_t(task.seconds * 1_000_000))
                task.controls.stop()
                return nil
            }, context)
        pthread_detach(thread)
    }
}

/// Plays the animation while the task runs; the exit status.
func run() -> Int32 {
    let arguments = CommandLine.arguments
    guard arguments.count >= 2 else {
        complain("usage: progress-animation ANIMATION [SECONDS]")
        return 2
    }
    let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 3 : 3

    let animation: Animation
    do {
        animation = try Animation(.file(path: arguments[1]))
    } catch {
        complain("progress-animation: \(arguments[1]): \(error)")
        return 1
    }

    // At most 6 rows, played over and over until stopped, and removed at the end.
    let player = TerminalPlayer(
        surface: .inline,
        picture: PictureOptions(area: (columns: 24, rows: 6)),
        playback: PlaybackOptions(plays: 0, removesPictureAtEnd: true))

    // Frames as they are shown (on this thread: the callback runs where `play` runs).
    var framesSeen = 0
    player.onFrame = { _, _ in framesSeen += 1 }
    SlowTask(seconds: seconds, controls: player.controls).start()
    let result = player.play(animation)
    switch result.outcome {
    case .stopped:
        print("done: the task ended after \(framesSeen) frames")
    case .quit:
        print("cancelled")
    case .interrupted(let signal):
        return 128 + signal
    case .failed(let error):
        complain("progress-animation: \(error)")
        return 1
    case .finished:
        print("done")
    }
    return 0
}

exit(run())
