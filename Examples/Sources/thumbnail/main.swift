// Prints one frame of an image as text for a box of cells, as a file manager's preview pane
// wants it: at most ROWS lines of at most COLUMNS cells, colours and characters only.
//
//     thumbnail FILE [COLUMNSxROWS] [FRAME]
import Glibc
import TViewKit

/// A line on standard error.
func complain(_ text: String) {
    var line = text + "\n"
    _ = line.withUTF8 { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    complain("usage: thumbnail FILE [COLUMNSxROWS] [FRAME]")
    exit(2)
}
let box = (arguments.count > 2 ? arguments[2] : "40x12").split(separator: "x").compactMap { Int($0) }
guard box.count == 2 else {
    complain("thumbnail: the box is COLUMNSxROWS, like 40x12")
    exit(2)
}
let number = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1

do {
    let animation = try Animation(.file(path: arguments[1]))
    let frame = try animation.frame(number)
    let style = TextStyle(colors: .forOutput(environment: ProcessEnvironment.current), symbols: .quadrants)
    print(Thumbnail.text(of: frame, columns: box[0], rows: box[1], style: style), terminator: "")
    let frames = animation.frameCount.map { "\($0) frames" } ?? "frames: not known before a pass"
    print("\(animation.formatName) \(animation.width)x\(animation.height), \(frames), frame \(frame.number)")
} catch {
    complain("thumbnail: \(arguments[1]): \(error)")
    exit(1)
}
