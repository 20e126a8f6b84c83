import Glibc
public import Graphics
public import Playback

/// The one way frames reach the terminal (or a pipe): each frame in one write(2), inside a
/// synchronized update where `TerminalProfile` found the terminal takes one, with a pacing query
/// where the link sends them; the bytes counted and the first write error kept. The only place
/// that opens and closes the synchronized envelope, so none is ever left open: an update begun
/// is ended in the same write. (On a signal the emergency restore ends one regardless.)
public final class FrameWriter {
    /// Keys, answers and pacing; nil on a pipe, where nothing answers.
    public let link: TerminalLink?
    private let output: CInt
    /// Frames go out inside synchronized output (mode 2026).
    public var synchronized: Bool
    public private(set) var bytesWritten = 0
    /// The first write that failed (the terminal hung up, EIO; a full disk): playing should stop.
    public private(set) var outputError: WriteError?
    /// A frame's bytes with their envelope and query, kept between frames.
    private var buffer: [UInt8] = []

    /// Writes to the terminal at the ends of `link`. Sends the pacing probe, as the full screen
    /// does when it is set up: without an empty link's round trip, the first one the pacer
    /// measures is the first frame's own way to the screen (0.2-0.6 s over SSH at 2 Mbit/s),
    /// and every throughput it works out from there is many times the link's.
    public init(link: TerminalLink, synchronized: Bool) {
        self.link = link
        output = link.outputDescriptor
        self.synchronized = synchronized
        link.probe()
    }

    /// Writes to `output`, where no terminal answers (`--animate` on a pipe).
    public init(output: CInt, synchronized: Bool) {
        link = nil
        self.output = output
        self.synchronized = synchronized
    }

    /// What begins and ends a frame: synchronized output, or nothing.
    public var frameStart: [UInt8] { synchronized ? ControlSequence.beginSynchronized : [] }
    public var frameEnd: [UInt8] { synchronized ? ControlSequence.endSynchronized : [] }

    /// One frame, `body` in its envelope with a pacing query, in one write.
    public func writeFrame(_ body: [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        buffer += frameStart
        buffer += body
        buffer += frameEnd
        let queried = link?.appendQuery(to: &buffer) ?? false
        send(buffer)
        if queried { link?.frameWritten(bytes: buffer.count) }
    }

    /// Bytes that are no frame (giving the terminal back, erasing a picture): no envelope, no query.
    public func write(_ bytes: [UInt8]) {
        send(bytes)
    }

    /// Ends a frame another writer drew (ncurses, on the same descriptor, begun with
    /// `frameStart`): its end, or where there is none the cursor hidden again (it is hidden
    /// already), so that a write of tview's own tells whether the terminal still takes bytes;
    /// with a pacing query for the frame's `bytes`.
    public func endFrame(drawn bytes: () -> Int) {
        var end = synchronized ? frameEnd : ControlSequence.hideCursor
        let queried = link?.appendQuery(to: &end) ?? false
        send(end)
        if queried { link?.frameWritten(bytes: bytes()) }
    }

    /// A failure of a write made elsewhere on the same descriptor (ncurses' stream).
    public func noteFailure(_ error: WriteError) {
        outputError = outputError ?? error
    }

    /// The pen reset and the cursor shown where the picture left it, once the terminal has
    /// answered every pacing query (a late answer would reach the shell): inline pictures stay.
    public func giveBack() {
        write(ControlSequence.resetAttributes + ControlSequence.showCursor)
        link?.settle()
    }

    /// Ctrl-Z: the terminal given back (`onSuspend` gives its modes back), the process stopped;
    /// on `fg`, `onContinue` takes them again.
    public func stopUntilContinued(onSuspend: () -> Void, onContinue: () -> Void) {
        giveBack()
        onSuspend()
        JobControl.stopProcessGroup()
        onContinue()
    }

    private func send(_ bytes: [UInt8]) {
        do {
            try DescriptorWriter.writeAll(bytes, to: output)
            bytesWritten += bytes.count
        } catch {
            outputError = outputError ?? error
        }
    }
}
