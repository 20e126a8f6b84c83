import Graphics
import Decode
import Terminal
import Glibc

/// `tview --extract DIR FILE`: every composited frame as an RGBA PNG of the canvas size,
/// DIR/frame-0001.png, frame-0002.png, …
struct FrameExtractor {
    let directory: String
    let sources: SourceOptions
    let limits: DecodeLimits

    func run(path: String) -> ExitStatus {
        do {
            let image = try sources.open(path, limits: limits)
            var index = 0
            while let frame = try image.nextFrame() {
                index += 1
                // Made once there is a frame to put in it: a file that fails leaves no folder.
                if index == 1 && !makeDirectory() { return .usage }
                let name = "\(directory)/frame-\(Self.padded(index)).png"
                do {
                    try PNGFile.write(frame.image, to: name)
                } catch {
                    Diagnostics.error("cannot write \(TerminalText.quotedName(name)): \(error)")
                    return .usage
                }
            }
            for warning in image.warnings { Diagnostics.warning(warning, file: path) }
            return .success
        } catch {
            Diagnostics.error(error.description, file: path)
            return .usage
        }
    }

    /// DIR, unless it exists; false (said why) when it cannot be made.
    private func makeDirectory() -> Bool {
        guard PathBytes.withCString(directory, { mkdir($0, 0o755) }) != 0 && errno != EEXIST else { return true }
        Diagnostics.error("cannot create \(TerminalText.quotedName(directory)): \(String(cString: strerror(errno)))")
        return false
    }

    private static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
