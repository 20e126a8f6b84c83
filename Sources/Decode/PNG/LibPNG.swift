internal import CPNG
internal import CPNGShim

/// libpng's reader, through the C shim that keeps its longjmp away from Swift frames
/// (`CPNGShim`). (The simplified reader is not used: libpng 1.6.39 garbles 16-bit interlaced
/// images with it.) Writing PNGs is the graphics protocols' business (`PNGWriter`, Graphics).
enum LibPNG {
    /// Decodes a complete PNG stream in memory to 8-bit RGBA of `width` × `height`, through the
    /// C shim that keeps libpng's setjmp/longjmp on the C side. Gamma and colour-space chunks are
    /// not in the stream (see `PNGStreamBuilder`) and 16-bit samples keep their high byte, so
    /// values come out as stored, as browsers and Pillow show them.
    static func decode(stream: [UInt8], width: Int, height: Int) throws(DecodeError) -> [RGBA] {
        var message = [CChar](repeating: 0, count: 128)
        var succeeded: CInt = 0
        let pixels = [RGBA](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            succeeded = stream.withUnsafeBufferPointer { data in
                message.withUnsafeMutableBufferPointer { text in
                    UnsafeMutableRawPointer(buffer.baseAddress!).withMemoryRebound(
                        to: UInt8.self, capacity: width * height * 4
                    ) {
                        tview_png_decode_rgba(
                            data.baseAddress, data.count, UInt32(width), UInt32(height), $0, text.baseAddress,
                            text.count)
                    }
                }
            }
            // On failure rows may be partly written; RGBA has no invalid bit pattern.
            initialized = width * height
        }
        guard succeeded != 0 else {
            let text = String(cBuffer: message)
            if text.contains("Not enough image data") || text.contains("data ends early") {
                throw .truncated(format: .png, what: "image data ends early")
            }
            throw .corrupt(format: .png, detail: text.isEmpty ? "libpng error" : text)
        }
        return pixels
    }
}
