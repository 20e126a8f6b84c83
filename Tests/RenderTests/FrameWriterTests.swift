import Glibc
import Graphics
import Terminal
import Testing

/// The one writer of frames: every frame it begins in a synchronized update it ends in the same
/// write, bytes that are no frame get no envelope, and a failed write is kept, not thrown.
@Suite struct FrameWriterTests {
    /// What `body` wrote through a writer on a pipe.
    private static func written(synchronized: Bool, _ body: (FrameWriter) -> Void) -> [UInt8] {
        var ends: [CInt] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writer = FrameWriter(output: ends[1], synchronized: synchronized)
        body(writer)
        close(ends[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(ends[0], &chunk, chunk.count), count > 0 { bytes += chunk[0..<count] }
        close(ends[0])
        #expect(writer.bytesWritten == bytes.count)
        return bytes
    }

    @Test func aSynchronizedFrameIsBegunAndEndedInOneWrite() {
        let body = Array("frame".utf8)
        let bytes = Self.written(synchronized: true) { writer in
            writer.writeFrame(body)
            writer.write(Array("tail".utf8))
        }
        #expect(
            bytes == ControlSequence.beginSynchronized + body + ControlSequence.endSynchronized + Array("tail".utf8))
    }

    @Test func withoutSynchronizedOutputAFrameIsItsBytesAlone() {
        let body = Array("frame".utf8)
        let bytes = Self.written(synchronized: false) { $0.writeFrame(body) }
        #expect(bytes == body)
    }

    @Test func aFailedWriteIsKeptAndCountsNothing() {
        let full = open("/dev/full", O_WRONLY)
        #expect(full >= 0)
        let writer = FrameWriter(output: full, synchronized: true)
        writer.writeFrame(Array("frame".utf8))
        #expect(writer.outputError != nil)
        #expect(writer.bytesWritten == 0)
        close(full)
    }
}
