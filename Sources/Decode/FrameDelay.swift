/// How long a frame of an animated picture stays on screen, following browsers: a delay of 10 ms
/// or less (a GIF's 0 or 1 centisecond, which many files carry to mean "as fast as possible")
/// plays as 100 ms. Both engines apply it to every animated picture format, not to GIF alone:
/// Chromium in `DeferredImageDecoder::FrameDurationAtIndex`, which every image decoder's
/// durations pass through (GIF, APNG, WebP, AVIF sequences, JPEG XL), Firefox in each of those
/// decoders through `FrameTimeout::FromRawMilliseconds`. Neither applies it to video, whose
/// timestamps are the truth (`VideoFrameTiming`). timg uses the same 100 ms; chafa uses 50 ms.
public enum FrameDelay {
    /// Delays at or below this are taken as unset.
    public static let unsetThreshold: Duration = .milliseconds(10)
    /// What an unset delay plays as.
    public static let substitute: Duration = .milliseconds(100)

    /// The delay a player uses for a frame that declares `declared`.
    public static func playable(_ declared: Duration) -> Duration {
        declared <= unsetThreshold ? substitute : declared
    }

    /// The delay a player uses for a frame that declares `seconds` (AVIF's sample table, JPEG
    /// XL's ticks): not finite or not positive is unset; more than a day is a day.
    public static func playable(seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return playable(.zero) }
        return playable(.milliseconds(Int((min(seconds, 86_400) * 1000).rounded())))
    }
}
