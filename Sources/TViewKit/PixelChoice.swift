/// Whether pictures go out as real pixels.
public enum PixelChoice: Sendable, Equatable {
    /// Pixels where the terminal says it takes them (it is asked at start-up), else text.
    case auto
    /// Text cells only.
    case none
    /// This protocol, whatever the terminal says.
    case only(PixelProtocol)
}
