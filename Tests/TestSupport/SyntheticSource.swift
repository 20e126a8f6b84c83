public import Decode
public import Playback
import Terminal

/// Frames made up on the spot: frame k is a picture (1x1 unless told) whose first pixel's red and
/// green bytes spell k, with durations taken from a list in turn.
public final class SyntheticSource: FrameSource {
    public let name: String
    public let totalPlays: Int?
    public private(set) var frameCount: Int?
    private let count: Int
    private let durations: [Duration]
    private let width: Int
    private let height: Int
    private var next = 0
    public private(set) var rewinds = 0
    /// How many frames were decoded (nextFrame calls that returned one).
    public private(set) var decodes = 0
    /// Called with the frame number at the start of each decode (on whichever thread decodes).
    public var onDecode: (@Sendable (Int) -> Void)?
    /// The bounds a player asked frames to be decoded within (`show(at:)`), in order.
    public private(set) var bounds: [FrameBound] = []

    public func show(at bound: FrameBound) {
        bounds.append(bound)
    }

    public init(
        name: String = "synthetic", frames: Int, durations: [Duration], totalPlays: Int? = nil, width: Int = 1,
        height: Int = 1
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.count = frames
        self.durations = durations
        self.totalPlays = totalPlays
    }

    /// Frames numbered like a decoder's: serials, and a change since the frame before in the
    /// pass covering pixel 0 and column `k % width` of row 0 (drawn in the frame's colour).
    public var numbersFrames = false
    private var lastSerial: UInt64?
    private var serials: UInt64 = 0

    public func nextFrame() throws(DecodeError) -> Frame? {
        guard next < count else {
            frameCount = count
            return nil
        }
        defer { next += 1 }
        onDecode?(next)
        decodes += 1
        let pixel = RGBA(r: UInt8(next & 0xFF), g: UInt8(next >> 8 & 0xFF), b: 0)
        var image = RGBAImage(width: width, height: height)
        image.pixels[0] = pixel
        var frame = Frame(image: image, duration: durations[next % durations.count])
        guard numbersFrames else { return frame }
        frame.image.pixels[next % width] = pixel
        serials += 1
        frame.serial = serials
        if let lastSerial {
            let column = PixelRect(x: next % width, y: 0, width: 1, height: 1)
            frame.change = CanvasChange(
                since: lastSerial, rect: column.union(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        }
        lastSerial = frame.serial
        return frame
    }

    /// Frames stand alone, as numbered files do: a late player may pass over one undecoded. Such
    /// a source knows its count, as a sequence does.
    public var skipsUndecoded = false {
        didSet { if skipsUndecoded { frameCount = count } }
    }

    public func skipFrame() -> Duration? {
        guard skipsUndecoded, next < count else { return nil }
        defer { next += 1 }
        lastSerial = nil
        return durations[next % durations.count]
    }

    public func rewind() throws(DecodeError) {
        lastSerial = nil
        next = 0
        rewinds += 1
    }

    /// The frame number a synthetic picture stands for.
    public static func frameNumber(of image: RGBAImage) -> Int {
        Int(image.pixels[0].r) | Int(image.pixels[0].g) << 8
    }
}
