/// An APNG frame control chunk (fcTL): where the frame goes, how long it shows, and how it is
/// blended in and disposed of.
struct APNGFrameControl {
    enum Dispose: UInt8 {
        case none = 0
        case background = 1
        case previous = 2
    }

    enum Blend: UInt8 {
        case source = 0
        case over = 1
    }

    let sequenceNumber: UInt32
    let width: Int
    let height: Int
    let x: Int
    let y: Int
    let delayNumerator: Int
    let delayDenominator: Int
    let dispose: Dispose
    let blend: Blend

    /// Parses the 26 data bytes of an fcTL chunk; nil when they break the spec's rules for this
    /// canvas (empty or out-of-canvas frame, undefined ops).
    init?(data: [UInt8], canvasWidth: Int, canvasHeight: Int) {
        guard data.count == 26 else { return nil }
        sequenceNumber = data.uint32(at: 0)
        width = Int(data.uint32(at: 4))
        height = Int(data.uint32(at: 8))
        x = Int(data.uint32(at: 12))
        y = Int(data.uint32(at: 16))
        delayNumerator = Int(data.uint16(at: 20))
        delayDenominator = Int(data.uint16(at: 22))
        guard let dispose = Dispose(rawValue: data[24]), let blend = Blend(rawValue: data[25]) else { return nil }
        self.dispose = dispose
        self.blend = blend
        guard width > 0, height > 0, x + width <= canvasWidth, y + height <= canvasHeight else { return nil }
    }

    private init(width: Int, height: Int) {
        sequenceNumber = 0
        self.width = width
        self.height = height
        x = 0
        y = 0
        delayNumerator = 0
        delayDenominator = 0
        dispose = .none
        blend = .source
    }

    /// The control for a still image: the whole canvas, no delay of its own.
    static func still(width: Int, height: Int) -> APNGFrameControl {
        APNGFrameControl(width: width, height: height)
    }

    /// num/den seconds; a zero denominator means hundredths (the spec), then the browser rule.
    var duration: Duration {
        let denominator = delayDenominator == 0 ? 100 : delayDenominator
        let nanoseconds = Int64(delayNumerator) * 1_000_000_000 / Int64(denominator)
        return FrameDelay.playable(.nanoseconds(nanoseconds))
    }

    /// The frame's region of the canvas.
    var rect: PixelRect { PixelRect(x: x, y: y, width: width, height: height) }

    /// Covers the whole canvas from its origin (what the spec asks of a default image's fcTL).
    func coversCanvas(width canvasWidth: Int, height canvasHeight: Int) -> Bool {
        x == 0 && y == 0 && width == canvasWidth && height == canvasHeight
    }
}
