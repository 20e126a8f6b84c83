/// What a video clip says of itself, for `--info`: the codec, the size it is shown at (sample
/// aspect ratio and rotation applied, before any scaling to the screen), whether it has sound
/// (ignored), and the frame count its container states.
public struct VideoDetails: Sendable, Equatable {
    public let codec: String
    public let width: Int
    public let height: Int
    public let hasAudio: Bool
    public let declaredFrameCount: Int?

    public init(codec: String, width: Int, height: Int, hasAudio: Bool, declaredFrameCount: Int?) {
        self.codec = codec
        self.width = width
        self.height = height
        self.hasAudio = hasAudio
        self.declaredFrameCount = declaredFrameCount
    }
}
