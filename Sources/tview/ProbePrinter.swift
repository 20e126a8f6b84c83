import TViewKit

/// `tview --probe`: asks the controlling terminal the start-up questions and prints what it
/// answered, what tview chose from that and why, and the option that overrides each choice;
/// `--json` for scripts (`tview --probe --json > profile.json` still asks the terminal, through
/// /dev/tty).
struct ProbePrinter {
    let json: Bool
    let display: DisplayOptions
    let environment: [String: String]

    func run() -> ExitStatus {
        let probe = TerminalProbe(picture: display.pictureOptions, environment: environment)
        do {
            try StandardOutput.write(line: json ? probe.json : probe.text)
        } catch {
            StandardOutput.report(error)
            return .usage
        }
        return .success
    }
}
