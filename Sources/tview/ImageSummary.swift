import Decode

/// Everything `--info` says about one file: from its container where that states every frame's
/// duration (WebP: no canvas is decoded), else by decoding it once from start to end.
struct ImageSummary {
    let file: String
    let format: ImageFormat
    let source: ImageSource
    let width: Int
    let height: Int
    let loopCount: Int?
    let totalPlays: Int?
    let durations: [Duration]
    let truncated: Bool
    let warnings: [String]
    /// A video clip's codec, sound and declared frame count; nil for images.
    let video: VideoDetails?
    /// The embedded colour profile's name (converted to sRGB); nil for none.
    let colorProfile: String?

    init(image: AnimatedImage) throws(DecodeError) {
        // The container's list (it walks every frame's header once), else a decoding pass.
        var durations: [Duration] = []
        if let declared = image.declaredDurations {
            durations = declared
        } else {
            while let frame = try image.nextFrame() {
                durations.append(frame.duration)
            }
        }
        file = image.name
        format = image.format
        source = image.source
        (width, height) = image.pictureSize
        loopCount = image.loopCount
        totalPlays = image.totalPlays
        self.durations = durations
        truncated = image.isTruncated
        warnings = image.warnings
        video = image.videoDetails
        colorProfile = image.colorProfileName
    }

    var totalDuration: Duration { durations.reduce(.zero, +) }
}
