import TViewKit

/// `tview --info`: describes each file, as text or as one JSON object per line.
struct InfoPrinter {
    let json: Bool
    let sources: SourceOptions
    let memoryBudget: Int

    func run(paths: [String]) -> ExitStatus {
        var failed = 0
        for path in paths {
            do throws(TViewError) {
                let description = try AnimationDescription(
                    sources.animationToDescribe(path, memoryBudget: memoryBudget))
                do {
                    try StandardOutput.write(line: json ? description.json : description.text)
                } catch {
                    StandardOutput.report(error)
                    return .usage
                }
                if !json {
                    for warning in description.warnings { Diagnostics.warning(warning, file: path) }
                }
            } catch {
                Diagnostics.error(error.description, file: path)
                failed += 1
            }
        }
        return .after(failed: failed, of: paths.count)
    }
}
