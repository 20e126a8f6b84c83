import Glibc
import Graphics
import Playback

/// What both inline sinks write with: bytes to the terminal through the `TerminalLink` (a pacing
/// query with each frame), the count and the first failure; and the terminal given back, at the
/// end or around Ctrl-Z, only once every query was answered (a late answer would reach the shell).
final class InlineWriter {
    let link: TerminalLink
    private(set) var bytesWritten = 0
    private(set) var outputError: WriteError?

    /// Sends the pacing probe, as the full screen does when it is set up: without an empty
    /// link's round trip the first one the pacer measures is the first frame's own way to the
    /// screen (0.2-0.6 s over SSH at 2 Mbit/s), and every throughput it works out from there is
    /// many times the link's.
    init(link: TerminalLink) {
        self.link = link
        link.probe()
    }

    /// `query`: with a pacing query (frames); not for the bytes that give the terminal back.
    func write(_ bytes: [UInt8], query: Bool = true) {
        var bytes = bytes
        let queried = query && link.appendQuery(to: &bytes)
        do {
            try DescriptorWriter.writeAll(bytes, to: link.outputDescriptor)
            bytesWritten += bytes.count
        } catch {
            outputError = outputError ?? error
        }
        if queried { link.frameWritten(bytes: bytes.count) }
    }

    /// The pen reset and the cursor shown (it stands below the picture already).
    func giveBack() {
        write(ControlSequence.resetAttributes + ControlSequence.showCursor, query: false)
        link.settle()
    }

    /// Ctrl-Z: the terminal given back (`onSuspend` gives its modes back), the process stopped;
    /// on `fg`, `onContinue` takes them again.
    func stopUntilContinued(onSuspend: () -> Void, onContinue: () -> Void) {
        giveBack()
        onSuspend()
        JobControl.stopProcessGroup()
        onContinue()
    }
}
