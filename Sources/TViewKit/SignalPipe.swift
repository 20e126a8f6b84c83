import Glibc
internal import Graphics
internal import Terminal

/// The write end of the signal pipe, read by the handler. Set once, before any handler is
/// installed, and never changed: safe to read from a signal handler.
nonisolated(unsafe) private var signalPipeWriteEnd: CInt = -1
/// The terminal's modes before tview changed them, for the deadline handler (set before it is
/// installed, never changed after).
nonisolated(unsafe) private var savedTerminalModes = termios()
nonisolated(unsafe) private var hasSavedTerminalModes = false
/// The signal that asked tview to end (0: none yet); the deadline exits with 128 + it.
nonisolated(unsafe) private var endingSignal: CInt = 0
/// End a synchronized update, plain colours, cursor shown, the keypad as the shell has it, normal
/// screen. Made before the handlers are installed (a handler may not allocate); empty until the
/// screen is taken.
nonisolated(unsafe) private var restoringBytes: [UInt8] = []
/// The player reads the pipe: until then an ending signal ends tview at once.
nonisolated(unsafe) private var playerListens = false

/// Turns signals into bytes on a pipe (the self-pipe trick), so the player's poll wakes up and
/// handles them in normal code: restoring the terminal is not async-signal-safe.
///
/// A signal that ends tview also starts a deadline (`endDeadlineSeconds`): a terminal that
/// stopped reading (a hung SSH session, a stopped terminal) would hold tview in a write forever.
/// When the deadline passes, the handler restores the terminal's modes (tcsetattr needs no
/// reader), queues the bytes that leave the alternate screen without waiting for them to be
/// taken, and exits.
enum SignalPipe {
    /// SIGINT, SIGTERM, SIGHUP, SIGQUIT end tview; SIGWINCH resizes; SIGTSTP suspends; SIGCONT
    /// redraws.
    static let handled: [CInt] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]
    static let ending: [CInt] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// How long tview may take to give the terminal back once told to end.
    static let endDeadlineSeconds: CUnsignedInt = 1

    /// The read end, once installed.
    nonisolated(unsafe) private static var readEnd: CInt?

    /// Installs the handlers the first time (from one thread: the program's start, or the
    /// first player); returns the read end.
    static func installOnce() -> CInt? {
        if let readEnd { return readEnd }
        readEnd = install()
        return readEnd
    }

    /// Installs the handlers; returns the read end. Call before the terminal is set up, so that
    /// ncurses keeps its hands off these signals and the terminal's modes are saved untouched.
    private static func install() -> CInt? {
        var ends: [CInt] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        signalPipeWriteEnd = ends[1]
        saveTerminalModes()
        // Made now, not first in a handler.
        _ = TerminalHold.isHeld
        for signal in handled {
            var action = sigaction()
            if ending.contains(signal) {
                action.__sigaction_handler.sa_handler = { number in
                    // The interrupted code may be about to read errno: what the handler's calls
                    // set there is put back.
                    let interrupted = errno
                    defer { errno = interrupted }
                    // Stopped in the background (Ctrl-Z, then `kill %1`; the shell's exit; under
                    // `timeout`), the terminal is not tview's: it was given back, or never taken.
                    // Touching its modes would stop tview again (SIGTTOU) instead of ending it.
                    // Where SIGTTOU cannot stop it (a launcher that ignores it lets a background
                    // tview take the terminal), what tview holds is given back here and now: the
                    // player might read the terminal, and SIGTTIN would stop it. Nothing else:
                    // the modes are then another program's.
                    if !terminalIsOurs() {
                        if TerminalHold.isHeld && backgroundTerminalAllowed() {
                            endingSignal = number
                            giveBackAndExit()
                        }
                        _exit(128 + number)
                    }
                    if endingSignal == 0 {
                        endingSignal = number
                        guard playerListens else { return giveBackAndExit() }
                        alarm(SignalPipe.endDeadlineSeconds)
                    }
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(signalPipeWriteEnd, &byte, 1)
                }
                // No SA_RESTART: a write blocked on a terminal that does not read returns.
                action.sa_flags = 0
            } else {
                action.__sigaction_handler.sa_handler = { number in
                    let interrupted = errno
                    defer { errno = interrupted }
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(signalPipeWriteEnd, &byte, 1)
                }
                action.sa_flags = SA_RESTART
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        var deadline = sigaction()
        deadline.__sigaction_handler.sa_handler = { _ in giveBackAndExit() }
        sigemptyset(&deadline.sa_mask)
        sigaction(SIGALRM, &deadline, nil)
        // A parent may have left them blocked (a thread pool's mask is inherited): tview would
        // never hear of them.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in handled + [SIGALRM] { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        return ends[0]
    }

    /// True once a signal asked tview to end.
    static var endRequested: Bool { endingSignal != 0 }

    /// From now on the player reads the pipe and ends tview itself on an ending signal (the
    /// deadline still holds); `screenTaken`: it took the alternate screen, which the deadline
    /// gives back. Call before the screen is set up.
    static func playerStarts(screenTaken: Bool, inline: Bool = false) {
        if inline {
            // The picture stays where it is; the cursor and the pen are given back.
            restoringBytes =
                ControlSequence.endSynchronized + ControlSequence.resetAttributes + ControlSequence.showCursor
        } else if screenTaken {
            restoringBytes =
                ControlSequence.endSynchronized + ControlSequence.resetAttributes + ControlSequence.showCursor
                + ControlSequence.normalKeypad + ControlSequence.leaveAlternateScreen
        }
        playerListens = true
    }

    private static func saveTerminalModes() {
        let terminal = ControllingTerminal.open(O_RDONLY | O_NOCTTY)
        guard terminal >= 0 else { return }
        defer { close(terminal) }
        hasSavedTerminalModes = tcgetattr(terminal, &savedTerminalModes) == 0
    }
}

/// Whether tview's process group is the foreground one of its controlling terminal (async-signal-
/// safe). Where it cannot be told (no controlling terminal: a pipe's run, or one hung up), it
/// counts as ours: tview ends as it always does, and no terminal can stop it.
private func terminalIsOurs() -> Bool {
    let terminal = ControllingTerminal.open(O_RDONLY | O_NOCTTY | O_NONBLOCK)
    guard terminal >= 0 else { return true }
    defer { close(terminal) }
    let foreground = tcgetpgrp(terminal)
    return foreground < 0 || foreground == getpgrp()
}

/// Whether the terminal's modes and screen can be changed from a background process group
/// without the kernel stopping tview: SIGTTOU ignored or blocked (async-signal-safe).
private func backgroundTerminalAllowed() -> Bool {
    var action = sigaction()
    sigaction(SIGTTOU, nil, &action)
    if unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        return true
    }
    var blocked = sigset_t()
    pthread_sigmask(SIG_BLOCK, nil, &blocked)
    return sigismember(&blocked, SIGTTOU) == 1
}

/// The deadline handler: only async-signal-safe calls. A new open of /dev/tty is non-blocking
/// on its own (O_NONBLOCK belongs to the open, not to the shell's descriptors), so the bytes
/// are queued if there is room and dropped if not.
private func giveBackAndExit() {
    let terminal = ControllingTerminal.open(O_WRONLY | O_NOCTTY | O_NONBLOCK)
    if terminal >= 0 {
        if !restoringBytes.isEmpty {
            _ = restoringBytes.withUnsafeBufferPointer { write(terminal, $0.baseAddress, $0.count) }
        }
        if hasSavedTerminalModes { _ = tcsetattr(terminal, TCSANOW, &savedTerminalModes) }
    }
    _exit(128 + (endingSignal == 0 ? SIGALRM : endingSignal))
}
