import Foundation
import Glibc
import TestSupport

/// A terminal at the far end of a slow link, for tests: runs a program on a pseudo-terminal,
/// takes its output as fast as a buffer of `bufferBytes` allows (the pty, sshd and TCP between
/// them), and "shows" it at `bytesPerSecond`. Status queries (ESC [ 5 n) are answered when they
/// are shown, `answerDelay` later (the way back), as a real terminal behind the link would.
struct ThrottledTerminal {
    var rows = 24
    var columns = 80
    /// 0: the terminal stopped reading (a hung SSH session), after taking `bufferBytes`.
    var bytesPerSecond = 20_000
    var bufferBytes = 1_000_000
    var answerDelay: Duration = .milliseconds(20)
    /// Keys to type, at times from the start.
    var keys: [(at: Duration, bytes: [UInt8])] = []
    /// Signals to send the program, at times from the start.
    var signals: [(at: Duration, signal: CInt)] = []
    /// Signals go to the program's whole process group, as the terminal's Ctrl-C does (a
    /// pipeline under a shell), not to the program alone.
    var signalsGroup = false
    /// Other questions the terminal answers once it has shown them (`answerDelay` later), in
    /// order: XTVERSION, DECRQM, device attributes, as a real terminal would.
    var replies: [(question: [UInt8], answer: [UInt8])] = []
    var timeLimit: Duration = .seconds(30)

    struct Run {
        var status: Int32
        /// Everything that reached the screen.
        var shown: [UInt8]
        /// When each answered query was shown (from the start): one per frame.
        var queriesShown: [Duration]
        var firstGlyph: Duration?
        var lastShown: Duration
        var exited: Duration
        /// The terminal's modes once the program ended: echo and line editing given back?
        var echoes: Bool
        var editsLines: Bool

        var exitedSeconds: Double { ThrottledTerminal.seconds(exited) }
    }

    func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Run {
        guard let (master, slavePath) = PseudoTerminal.openMaster(flags: O_CLOEXEC) else {
            throw POSIXError(.ENXIO)
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        // The child starts a session and opens the pty as its standard streams: the first
        // terminal a session leader opens becomes its controlling terminal (/dev/tty).
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // As a shell starts a program: no signal blocked (the test runner's threads block most,
        // and a child inherits its mask), every one at its default.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // POSIX_SPAWN_SETSID (glibc 2.26+), POSIX_SPAWN_SETSIGMASK, POSIX_SPAWN_SETSIGDEF.
        posix_spawnattr_setflags(&attributes, 0x80 | 0x08 | 0x04)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
        }
        defer { close(master) }
        return drive(master: master, pid: pid)
    }

    private func drive(master: CInt, pid: pid_t) -> Run {
        let clock = ContinuousClock()
        let start = clock.now
        var queued: [UInt8] = []
        var shown: [UInt8] = []
        var queriesShown: [Duration] = []
        var answers: [Duration] = []  // when each answer is due back
        var otherAnswers: [(due: Duration, bytes: [UInt8])] = []
        var firstGlyph: Duration?
        var lastShown: Duration = .zero
        var budget = 0.0
        var budgetTime = start
        var status: Int32?
        var exited: Duration = .zero
        var keys = self.keys
        var signals = self.signals
        var endOfOutput = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        let query: [UInt8] = Array("\u{1B}[5n".utf8)
        // Any block element (half blocks, quadrants: U+2580–U+259F begin E2 96).
        let glyph: [UInt8] = [0xE2, 0x96]
        var killed = false

        while true {
            let now = clock.now - start
            if let key = keys.first, now >= key.at {
                _ = key.bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                keys.removeFirst()
            }
            if let signal = signals.first, now >= signal.at {
                kill(signalsGroup ? -pid : pid, signal.signal)
                signals.removeFirst()
            }
            while let reply = otherAnswers.first, now >= reply.due {
                otherAnswers.removeFirst()
                _ = reply.bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
            while let due = answers.first, now >= due {
                answers.removeFirst()
                _ = Array("\u{1B}[0n".utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
            if status == nil, !killed, now > timeLimit {
                kill(pid, SIGKILL)
                killed = true
            }
            // Take output while the buffer has room.
            if !endOfOutput && queued.count < bufferBytes {
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 2) > 0 {
                    let count = read(master, &buffer, min(buffer.count, bufferBytes - queued.count))
                    if count > 0 { queued += buffer[0..<count] } else { endOfOutput = true }
                }
            } else {
                usleep(2000)
            }
            // Show at the link's rate.
            let tick = clock.now
            budget = min(
                budget + Self.seconds(tick - budgetTime) * Double(bytesPerSecond), Double(bytesPerSecond) * 0.02 + 1024)
            budgetTime = tick
            let count = min(queued.count, Int(budget))
            if count > 0 {
                let at = tick - start
                let from = max(0, shown.count - 3)
                shown += queued[0..<count]
                queued.removeFirst(count)
                budget -= Double(count)
                lastShown = at
                // Questions shown in this stretch (they may end in it, having begun before).
                let questionStart = max(0, shown.count - count - 32)
                let stretch = Array(shown[questionStart...])
                for reply in replies {
                    var index = 0
                    while index + reply.question.count <= stretch.count {
                        if Array(stretch[index..<(index + reply.question.count)]) == reply.question,
                            questionStart + index + reply.question.count > shown.count - count
                        {
                            otherAnswers.append((at + answerDelay, reply.answer))
                        }
                        index += 1
                    }
                }
                let window = Array(shown[from...])
                var index = 0
                while index + query.count <= window.count {
                    if Array(window[index..<(index + query.count)]) == query,
                        from + index + query.count > shown.count - count
                    {
                        queriesShown.append(at)
                        answers.append(at + answerDelay)
                    }
                    index += 1
                }
                if firstGlyph == nil, Self.contains(window, glyph) { firstGlyph = at }
            }
            if status == nil {
                var code: Int32 = 0
                if waitpid(pid, &code, WNOHANG) == pid {
                    status = code & 0x7F == 0 ? (code >> 8) & 0xFF : 128 + (code & 0x7F)
                    exited = clock.now - start
                }
            }
            if status != nil && queued.isEmpty && (endOfOutput || !Self.readable(master)) { break }
            // A terminal that stopped reading (a rate of 0) shows nothing more, ever.
            if status != nil && bytesPerSecond == 0 { break }
        }
        var modes = termios()
        _ = tcgetattr(master, &modes)
        return Run(
            status: status ?? -1, shown: shown, queriesShown: queriesShown, firstGlyph: firstGlyph,
            lastShown: lastShown, exited: exited, echoes: modes.c_lflag & tcflag_t(ECHO) != 0,
            editsLines: modes.c_lflag & tcflag_t(ICANON) != 0)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func readable(_ descriptor: CInt) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: haystack) != nil
    }

    /// Where `needle` first starts in `haystack`.
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        haystack.firstRange(of: needle)?.lowerBound
    }
}
