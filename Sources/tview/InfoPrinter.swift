import TViewKit

/// `tview --info`: describes each file, as text or as one JSON object per line.
struct InfoPrinter {
    let json: Bool
    let sources: SourceOptions
    let memoryBudget: Int

    func run(paths: [String]) -> ExitStatus {
        EachFile.run(paths) { path throws(TViewError) in
            let description = try AnimationDescription(sources.animationToDescribe(path, memoryBudget: memoryBudget))
            do throws(TViewError) {
                try StandardOutput.write(line: json ? description.json : description.text)
            } catch {
                StandardOutput.report(error)
                return .usage
            }
            if !json {
                for warning in description.warnings { Diagnostics.warning(warning, file: path) }
            }
            return nil
        }
    }
}
