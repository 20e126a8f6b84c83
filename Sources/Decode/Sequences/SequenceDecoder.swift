/// Frames from numbered files (`FrameSequence`), each opened and decoded when its turn comes
/// (the first frame of each file), so a sequence of any length holds one picture at a time. The
/// canvas is the first file's size; a file of another size is drawn at the top left, clipped. A
/// missing or broken file plays as the frame before it and is noted, once.
final class SequenceDecoder: FrameDecoder {
    let format: ImageFormat
    let canvasWidth: Int
    let canvasHeight: Int
    let loopCount: Int? = 0
    let declaredFrameCount: Int?
    private(set) var notes: [String] = []

    private let sequence: FrameSequence
    private let frameDuration: Duration
    private let limits: DecodeLimits
    private var next = 0
    private var previous: RGBAImage?
    private var noted: Set<Int> = []
    private var notedSize = false

    init(sequence: FrameSequence, frameDuration: Duration, limits: DecodeLimits) throws(DecodeError) {
        self.sequence = sequence
        self.frameDuration = frameDuration
        self.limits = limits
        declaredFrameCount = sequence.count
        // The first file that opens sets the canvas (only its header is read).
        var first: AnimatedImage? = nil
        var firstError: DecodeError? = nil
        for member in sequence.members {
            guard let path = member.path else { continue }
            do {
                first = try AnimatedImage.open(path: path, limits: limits)
                break
            } catch {
                firstError = firstError ?? error
            }
        }
        guard let first else { throw firstError ?? .unreadable(reason: "no frame file opens") }
        format = first.format
        canvasWidth = first.canvasWidth
        canvasHeight = first.canvasHeight
    }

    func rewind() throws(DecodeError) {
        next = 0
        previous = nil
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        guard next < sequence.count else { return nil }
        let member = sequence.members[next]
        next += 1
        let image: RGBAImage
        do throws(DecodeError) {
            guard let path = member.path else { throw .unreadable(reason: "no such file") }
            let file = try AnimatedImage.open(path: path, limits: limits)
            guard let frame = try file.nextFrame() else { throw .noFrames(format: file.format) }
            image = fitted(frame.image, number: member.number)
        } catch {
            if noted.insert(member.number).inserted {
                let label = member.path.map { "frame \(member.number) (\($0))" } ?? "frame \(member.number)"
                notes.append("\(label): \(error); the frame before it shows instead")
            }
            image = previous ?? RGBAImage(width: canvasWidth, height: canvasHeight)
        }
        previous = image
        return Frame(image: image, duration: frameDuration)
    }

    /// Each file is a picture of its own: a late player passes over one without opening it.
    func skipFrame() -> Duration? {
        guard next < sequence.count else { return nil }
        next += 1
        return frameDuration
    }

    /// `image` on the canvas: as it is when sizes match, else at the top left, clipped.
    private func fitted(_ image: RGBAImage, number: Int) -> RGBAImage {
        guard image.width != canvasWidth || image.height != canvasHeight else { return image }
        if !notedSize {
            notedSize = true
            notes.append(
                "frame \(number) is \(image.width)x\(image.height), not \(canvasWidth)x\(canvasHeight) as the first: "
                    + "drawn at the top left")
        }
        var canvas = RGBAImage(width: canvasWidth, height: canvasHeight)
        for y in 0..<min(image.height, canvasHeight) {
            for x in 0..<min(image.width, canvasWidth) { canvas[x, y] = image[x, y] }
        }
        return canvas
    }
}
