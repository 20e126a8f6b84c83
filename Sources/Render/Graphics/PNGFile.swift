public import Decode

/// Writes pictures as 8-bit RGBA PNG files (for `tview --extract`), through libpng.
public enum PNGFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func write(_ image: RGBAImage, to path: String) throws(WriteError) {
        if let message = PNGWriter.write(image, to: path) {
            throw WriteError(description: message)
        }
    }
}
