import ArgumentParser
import Glibc
import TViewKit

/// The command line as `--help` describes it, parsed by swift-argument-parser: each option is
/// declared once, here or in its group, with its default; `problem` checks them together and
/// `execute` runs the mode they ask for, each mode its own type. Numbers are read
/// `.unconditional`ly, so that `--frame -1` is a number the option refuses, not an option
/// without its value.
@main
struct TView: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tview",
        abstract:
            "Play animated GIF, APNG, WebP, AVIF and JPEG XL images (and JPEG, image sequences, sprite sheets) in the terminal.",
        discussion: """
            Plays each FILE full-screen, every frame for its own duration, until q (or as \
            often as the file says). FILE may be - to read standard input. The format is \
            told from the file's bytes, not its name. A FILE may also name numbered frames \
            ('frames/%04d.png', a folder, a quoted glob) or be a sprite sheet (--sheet). When standard output is not a \
            terminal, the first frame (or --frame N) is written as ANSI text instead.

            Where the terminal takes pixels (kitty's graphics protocol, sixel, iTerm2's \
            inline images), it is asked at start-up and they are used (--pixels); text \
            otherwise, in two-colour cells of quadrants and eighth blocks (sextants or \
            octants where the terminal draws them, half blocks on the Linux console: --symbols).

            With --grid, all files play at once in tiles, each on its own timing: arrows \
            select, Enter opens the selected file full screen (q comes back), n/p turn pages.

            Keys: \(UsageText.keysSentence)

            Usage:
            \(UsageText.helpLines.joined(separator: "\n"))

            Exit status: 0 everything worked, 1 some files failed, 2 a usage error, every \
            file failed or the output could not be written; 129, 130, 131, 143 ended by \
            SIGHUP, SIGINT, SIGQUIT, SIGTERM. Errors are printed to standard error as "tview: FILE: what is \
            wrong", with names quoted as the shell would.

            Environment: NO_COLOR makes text output monochrome; COLUMNS and LINES size it; \
            COLORTERM=truecolor (or 24bit) turns on 24-bit colour in the terminal; TMPDIR \
            holds the copy of standard input.
            """,
        version: "tview \(TViewVersion.current)"
    )

    @Flag(name: .long, help: "Describe each file instead of playing it.")
    var info = false

    @Flag(name: .long, help: "With --info or --probe: print JSON (one object per file).")
    var json = false

    @Flag(
        name: .long,
        help: "Ask the terminal what it is and does, print what it answered and what tview chose and why.")
    var probe = false

    @Option(
        name: .long, help: ArgumentHelp("Write every frame of FILE as PNG into DIR.", valueName: "DIR"),
        completion: .directory)
    var extract: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Refuse a file that could make tview take more than MB megabytes at worst (16 to 65536).",
            valueName: "MB"))
    var maxMemory: Int = Animation.defaultMemoryBudget >> 20

    @OptionGroup(title: "Display")
    var display: DisplayOptions

    @OptionGroup(title: "Playing")
    var playback: PlayingOptions

    @OptionGroup(title: "Image sequences and sprite sheets")
    var sources: SourceOptions

    @Argument(help: ArgumentHelp("Images to show (- for standard input).", valueName: "FILE"), completion: .file())
    var files: [String] = []

    static func main() {
        MemoryTuning.forLargeCanvases()
        // Bytes of a file name that are not UTF-8 are kept, so such a file opens and its name
        // prints as `$'\xff'`.
        let arguments = SafeText.arguments
        let command: TView
        do {
            command = try parse(arguments)
            // Not in validate(), which the parser runs before it looks for unknown options:
            // `tview --bogus` would say "no input file".
            if let problem = command.problem { throw ValidationError(problem) }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version and completion scripts go to standard output.
                var message = fullMessage(for: error)
                if let shell = CompletionScript.requestedShell(in: arguments) {
                    message = CompletionScript.withoutHelpSubcommand(message, shell: shell)
                }
                do {
                    try StandardOutput.write(line: message)
                } catch {
                    StandardOutput.report(error)
                    Glibc.exit(ExitStatus.usage.rawValue)
                }
                Glibc.exit(0)
            }
            // One line: the parser's messages may run over several (escaped, they would show \n).
            let lines = message(for: error).split(whereSeparator: \.isNewline)
            Diagnostics.error(lines.map { String($0.drop(while: \.isWhitespace)) }.joined(separator: " "))
            Diagnostics.line("Run 'tview --help' for usage.")
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        Glibc.exit(command.execute().rawValue)
    }
}
