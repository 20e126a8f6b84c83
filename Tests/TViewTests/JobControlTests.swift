import Foundation
import Glibc
import Testing

/// tview under a shell's job control: a job the shell ends while it is stopped ends. By then the
/// terminal is the shell's; tview must not touch it (the kernel would stop it again, SIGTTOU,
/// and `kill %1` would leave a stopped job behind instead of ending it).
@Suite struct JobControlTests {
    /// `script` run by bash with job control on a pseudo-terminal (bash is the session's leader,
    /// tview a job of its own), typing `keys`; what bash printed.
    private func shell(_ script: String, keys: [(at: Duration, bytes: [UInt8])] = []) throws -> String {
        var terminal = ThrottledTerminal()
        terminal.bytesPerSecond = 50_000_000
        terminal.keys = keys
        terminal.timeLimit = .seconds(20)
        let environment = [
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
        // `end`: kill job 1 and say whether every process of it (tview, and a script that ran
        // it) ended within 5 s ("ended"), or how one is then ("left T": stopped). By the
        // processes of its group (/proc), not bash's `wait`, which answers with a stale stop
        // until bash has heard the job went on, or "no such job" once it is cleared.
        let end = """
            end() { g=$(jobs -p %1); kill %1; for i in $(seq 100); do left=; \
            for f in /proc/[0-9]*/stat; do set -- $(cat $f 2>/dev/null); \
            [ "$5" = "$g" ] && [ "$3" != Z ] && left=$3; done; \
            [ -z "$left" ] && break; sleep 0.05; done; \
            if [ -z "$left" ]; then echo ended; else echo left $left; fi; }
            """
        let run = try terminal.run("/bin/bash", ["-c", "set -m; \(end); " + script], environment: environment)
        #expect(run.status == 0, "bash ended with \(run.status): a job was left stopped")
        return String(decoding: run.shown, as: UTF8.self)
    }

    private var tview: String {
        "'\(CommandRunner.executable.path)' --pixels none '\(CommandRunner.sample("demo-ball.gif"))'"
    }

    /// `job` run in the foreground, Ctrl-Z typed while tview plays, then the job killed: it
    /// must have stopped (tview stops its group with SIGTSTP: 148), and every process of it
    /// ended once bash sent the stopped job SIGTERM and SIGCONT.
    private func expectCtrlZThenKillEnds(_ job: String) throws {
        let shown = try shell("\(job); echo stopped=$?; end", keys: [(.milliseconds(1500), [0x1A])])
        #expect(shown.contains("stopped=148"), "not suspended by Ctrl-Z: \(shown.suffix(200))")
        #expect(shown.contains("ended"), "\(shown.suffix(200))")
    }

    @Test func ctrlZThenKillEndsTheStoppedJob() throws {
        try expectCtrlZThenKillEnds(tview)
    }

    @Test func ctrlZStopsAWrapperScriptWithIt() throws {
        // tview run by a script (as file managers' preview scripts do): Ctrl-Z stops the whole
        // job, so the shell takes the terminal back (tview stopping only itself left the shell
        // waiting on the script, and the terminal to no one).
        try expectCtrlZThenKillEnds("/bin/sh -c \"\(tview); true\"")
    }

    @Test func aJobStartedInTheBackgroundEndsWhenKilled() throws {
        // Started with &, it stops as it asks for the terminal (SIGTTOU); killed then, it ends.
        let shown = try shell(
            "\(tview) & until jobs -s | grep -q .; do sleep 0.05; done; echo waiting; end"
        )
        #expect(shown.contains("waiting"), "\(shown.suffix(200))")
        #expect(shown.contains("ended"), "\(shown.suffix(200))")
    }

    @Test func aBackgroundJobThatTookTheTerminalGivesItBackWhenKilled() throws {
        // A launcher that ignores SIGTTOU lets a background tview take the terminal (its modes
        // and the alternate screen); killed, it gives them back as a foreground one does. It
        // stops as it reads the terminal's answer (SIGTTIN): killed once bash has seen that, so
        // bash continues it too.
        let shown = try shell(
            """
            before=$(stty -g); (trap '' TTOU; exec \(tview)) & \
            for i in $(seq 200); do [ "$(stty -g)" != "$before" ] && break; sleep 0.05; done; \
            [ "$(stty -g)" != "$before" ] && echo taken; \
            until jobs -s | grep -q .; do sleep 0.05; done; end; \
            [ "$(stty -g)" = "$before" ] && echo modes-back || echo modes-left
            """
        )
        #expect(shown.contains("taken"), "\(shown.suffix(200))")
        #expect(shown.contains("ended"), "\(shown.suffix(200))")
        #expect(shown.contains("modes-back"), "\(shown.suffix(200))")
        let leftScreen = shown.range(of: "\u{1B}[?1049l")
        #expect(shown.contains("\u{1B}[?1049h"))
        #expect(leftScreen != nil && leftScreen!.lowerBound > shown.range(of: "taken")!.lowerBound)
    }

    @Test func aBackgroundJobThatHoldsNothingLeavesTheTerminalAlone() throws {
        // The same launcher, tview writing to a pipe: it never changes the terminal's modes, so
        // killed it must not put back the ones it found (another program's by then: here the
        // shell's `stty -echo`).
        let shown = try shell(
            """
            (trap '' TTOU; exec \(tview) --animate --loops 100 > /dev/null) & sleep 0.5; stty -echo; \
            after=$(stty -g); end; [ "$(stty -g)" = "$after" ] && echo modes-kept || echo modes-changed; stty echo
            """
        )
        #expect(shown.contains("ended"), "\(shown.suffix(200))")
        #expect(shown.contains("modes-kept"), "\(shown.suffix(200))")
    }
}
