import Playback

/// What playing came to: how it ended, what it did, the files that failed on the way, and the
/// last frame as the normal screen should keep it (full screen only).
struct PlayResult {
    var outcome: PlayerOutcome
    var statistics: PlaybackStatistics
    var failures: [FileFailure]
    var lastFrame: [UInt8]? = nil
}
