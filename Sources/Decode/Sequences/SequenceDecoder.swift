/// Frames from numbered files (`FrameSequence`), each opened and decoded when its turn comes
/// (the first frame of each file), so a sequence of any length holds a few pictures at a time:
/// the next two files are decoded ahead on threads of their own (each file stands alone), so a
/// sequence of big photos uses the processors the player leaves free. The
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
    /// Two threads, file k decoded ahead on `workers[k % 2]` into `ahead[k % 2]`; nil when
    /// none could be made (files are then decoded in turn).
    private let workers: [BackgroundWorker]
    private let ahead = [DecodedMember(), DecodedMember()]

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
                first = try AnimatedImage.open(member: path, limits: limits)
                break
            } catch {
                firstError = firstError ?? error
            }
        }
        guard let first else { throw firstError ?? .unreadable(reason: "no frame file opens") }
        format = first.format
        canvasWidth = first.canvasWidth
        canvasHeight = first.canvasHeight
        let made = [BackgroundWorker(), BackgroundWorker()].compactMap { $0 }
        workers = made.count == 2 ? made : []
    }

    deinit {
        for worker in workers { worker.wait() }
    }

    /// File `index`'s picture, or why it does not decode (on any thread: touches nothing of self).
    private static func decode(_ member: FrameSequence.Member, limits: DecodeLimits) -> Result<RGBAImage, DecodeError> {
        do throws(DecodeError) {
            guard let path = member.path else { throw .unreadable(reason: "no such file") }
            let file = try AnimatedImage.open(member: path, limits: limits)
            guard let frame = try file.nextFrame() else { throw .noFrames(format: file.format) }
            return .success(frame.image)
        } catch {
            return .failure(error)
        }
    }

    /// File `index`: the one decoded ahead, else decoded now; then the two after it started.
    private func member(_ index: Int) -> Result<RGBAImage, DecodeError> {
        var result: Result<RGBAImage, DecodeError>?
        if !workers.isEmpty {
            workers[index % 2].wait()
            if ahead[index % 2].index == index { result = ahead[index % 2].result }
        }
        let decoded = result ?? Self.decode(sequence.members[index], limits: limits)
        for following in (index + 1)..<min(index + 3, sequence.count) where !workers.isEmpty {
            let box = ahead[following % 2], worker = workers[following % 2]
            // Already decoding it, or decoded.
            guard box.index != following else { continue }
            worker.wait()
            box.index = following
            box.result = nil
            let member = sequence.members[following], limits = limits
            worker.start { box.result = Self.decode(member, limits: limits) }
        }
        return decoded
    }

    func rewind() throws(DecodeError) {
        next = 0
        previous = nil
    }

    func nextFrame() throws(DecodeError) -> Frame? {
        guard next < sequence.count else { return nil }
        let member = sequence.members[next]
        let decoded = self.member(next)
        next += 1
        let image: RGBAImage
        do throws(DecodeError) {
            image = fitted(try decoded.get(), number: member.number)
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
