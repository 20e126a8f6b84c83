/// The shell completion scripts swift-argument-parser writes, less the `help` subcommand it adds
/// to every command tree: tview has no subcommands, `tview help` is no command, and zsh rejects
/// the extra rest argument it brings ("doubled rest argument definition"). File names complete
/// through the FILE argument's own completion (`.file()`).
enum CompletionScript {
    /// The shell named after `--generate-completion-script`, if the arguments ask for a script.
    static func requestedShell(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument.hasPrefix("--generate-completion-script=") {
                return String(argument.dropFirst("--generate-completion-script=".count))
            }
            if argument == "--generate-completion-script", index + 1 < arguments.count { return arguments[index + 1] }
        }
        return nil
    }

    /// `script` for `shell` without the help subcommand's parts.
    static func withoutHelpSubcommand(_ script: String, shell: String) -> String {
        var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch shell {
        case "zsh":
            lines.removeAll { $0.trimmed == "'(-): :->command'" || $0.trimmed == "'(-)*:: :->arg'" }
            // `case "${state}" in … esac` dispatches to the subcommand; `_tview_help() { … }` is it.
            removeBlock(from: { $0.trimmed == "case \"${state}\" in" }, toIndented: "esac", in: &lines)
            removeBlock(from: { $0.hasPrefix("_tview_help()") }, to: { $0 == "}" }, in: &lines, andBlankAfter: true)
        case "bash":
            // Unreachable after the positional case returns, and it would offer `help`.
            removeBlock(
                from: { $0.trimmed == "# Offer subcommand / subcommand argument completions" }, toIndented: "esac",
                in: &lines)
            removeBlock(from: { $0.hasPrefix("_tview_help()") }, to: { $0 == "}" }, in: &lines, andBlankAfter: true)
        case "fish":
            removeBlock(from: { $0.trimmed == "case 'help'" }, to: { _ in true }, in: &lines)
            lines.removeAll { $0.contains("-fa 'help'") || $0.contains("\"tview help\"") }
        default:
            break
        }
        return lines.joined(separator: "\n")
    }

    /// Removes the lines from the first that `from` accepts to the next that is `last` indented as
    /// deep as that first line (the end of its block, not of one nested in it).
    private static func removeBlock(from: (String) -> Bool, toIndented last: String, in lines: inout [String]) {
        guard let start = lines.firstIndex(where: from) else { return }
        let indent = String(lines[start].prefix { $0 == " " })
        removeBlock(from: from, to: { $0 == indent + last }, in: &lines)
    }

    /// Removes the lines from the first that `from` accepts to the next that `to` accepts.
    private static func removeBlock(
        from: (String) -> Bool, to: (String) -> Bool, in lines: inout [String], andBlankAfter: Bool = false
    ) {
        guard let start = lines.firstIndex(where: from),
            var end = lines[(start + 1)...].firstIndex(where: to)
        else { return }
        if andBlankAfter, end + 1 < lines.count, lines[end + 1].isEmpty { end += 1 }
        lines.removeSubrange(start...end)
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
