import Decode
import Render

/// Standard output is a terminal: shows a frame full-screen through ncurses until q, Esc or
/// Ctrl-C, re-fitting it when the terminal is resized. (Playing comes with the player.)
struct InteractiveViewer {
    let options: DisplayOptions
    let environment: [String: String]

    func run(paths: [String]) -> ExitStatus {
        // Decode before taking the screen, so errors print on a normal terminal.
        var frames: [(String, RGBAImage)] = []
        var failed = 0
        for path in paths {
            do {
                let image = try AnimatedImage.open(path: path)
                var chosen: Frame? = nil
                var index = 0
                while index < options.frame, let frame = try image.nextFrame() {
                    chosen = frame
                    index += 1
                }
                if let chosen { frames.append((path, chosen.image)) }
            } catch {
                Diagnostics.error(error.description, file: path)
                failed += 1
            }
        }
        guard !frames.isEmpty else { return .usage }
        let screen: NCursesScreen
        do {
            screen = try NCursesScreen(requested: options.colors.mode, environment: environment)
        } catch {
            Diagnostics.error(error.description)
            return .usage
        }
        defer { screen.end() }
        var renderer = GridRenderer(builder: options.builder(mode: screen.mode), upscale: !options.noUpscale)
        var current = 0
        while true {
            let area = options.size.map { TerminalSize(rows: $0.rows, columns: $0.columns) } ?? screen.size
            let grid = renderer.render(
                frames[current].1, columns: min(area.columns, screen.size.columns), rows: min(area.rows, screen.size.rows),
                cellAspect: screen.size.cellAspect)
            screen.present(grid)
            switch screen.readKey(timeout: -1) {
            case .character("q"), .control(27), .control(3):
                return .after(failed: failed, of: paths.count)
            case .character("n"):
                current = (current + 1) % frames.count
            case .character("p"):
                current = (current + frames.count - 1) % frames.count
            case .resize:
                screen.refreshSize()
            default:
                break
            }
        }
    }
}
