import TViewKit

/// `tview --extract DIR FILE`: every composited frame as an RGBA PNG of the canvas size,
/// DIR/frame-0001.png, frame-0002.png, …
struct FrameExtractor {
    let directory: String
    let sources: SourceOptions
    let memoryBudget: Int

    func run(path: String) -> ExitStatus {
        do throws(TViewError) {
            let animation = try sources.animation(path, memoryBudget: memoryBudget)
            while let frame = try animation.nextFrame() {
                // Made once there is a frame to put in it: a file that fails leaves no folder.
                if frame.number == 1, let problem = SafeText.makeFolder(directory) {
                    Diagnostics.error("cannot create \(SafeText.quotedName(directory)): \(problem)")
                    return .usage
                }
                do {
                    try frame.writePNG(to: "\(directory)/frame-\(Self.padded(frame.number)).png")
                } catch {
                    Diagnostics.error(error.description)
                    return .usage
                }
            }
            for warning in animation.warnings { Diagnostics.warning(warning, file: path) }
            return .success
        } catch {
            Diagnostics.error(error.description, file: path)
            return .usage
        }
    }

    private static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
