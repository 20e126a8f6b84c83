import Glibc
import TViewKit

extension TView {
    /// What is wrong with the command line, for a usage error: first what an option group finds
    /// in its own options (in `--help`'s order), then the options and files together; nil when
    /// nothing is.
    var problem: String? {
        if let problem = display.problem ?? playback.problem ?? sources.problem { return problem }
        if probe {
            if info || extract != nil || !files.isEmpty { return "--probe takes no file" }
            return nil
        }
        if display.clear {
            if !files.isEmpty || info || extract != nil { return "--clear takes no file" }
            return nil
        }
        if files.isEmpty {
            return "no input file (use - for standard input)"
        }
        if display.place != nil
            && (files.count != 1 || info || extract != nil || playback.inline || playback.grid != nil)
        {
            return "--place takes exactly one FILE and shows its frame"
        }
        if json && !info {
            return "--json goes with --info or --probe"
        }
        if extract != nil && info {
            return "--extract and --info cannot be combined"
        }
        if extract != nil && files.count != 1 {
            return "--extract takes exactly one FILE"
        }
        if !(16...65536).contains(maxMemory) {
            return "--max-memory takes 16 to 65536 (megabytes)"
        }
        if files.filter({ $0 == "-" }).count > 1 {
            return "standard input (-) can be named only once"
        }
        return nil
    }

    /// Runs the chosen mode and returns the exit status.
    func execute() -> ExitStatus {
        guard TerminalSignals.install() else {
            Diagnostics.error("cannot set up signal handling")
            return .usage
        }
        let memoryBudget = maxMemory << 20
        if probe {
            return ProbePrinter(json: json, display: display, environment: ProcessEnvironment.current).run()
        }
        if let directory = extract {
            return FrameExtractor(directory: directory, sources: sources, memoryBudget: memoryBudget).run(
                path: files[0])
        }
        if info {
            return InfoPrinter(json: json, sources: sources, memoryBudget: memoryBudget).run(paths: files)
        }
        let environment = ProcessEnvironment.current
        // Pictures are shown at most this large: video clips are decoded no larger.
        let largest = display.largestPicture(environment: environment)
        if let place = display.place {
            return PlacePrinter(
                options: display, place: place, environment: environment, sources: sources,
                memoryBudget: memoryBudget, largestPicture: largest
            )
            .run(paths: files, clear: display.clear)
        }
        if StandardOutput.isTerminal || playback.animate {
            return PlaySession(
                display: display, playback: playback, sourceOptions: sources, environment: environment,
                memoryBudget: memoryBudget, largestPicture: largest
            )
            .run(paths: files, interactive: StandardOutput.isTerminal)
        }
        return PipePrinter(
            options: display, environment: environment, sources: sources, memoryBudget: memoryBudget,
            largestPicture: largest
        )
        .run(paths: files)
    }
}
