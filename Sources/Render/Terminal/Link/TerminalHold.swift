import Synchronization

/// How many of tview's holds on the terminal's modes are in force now: quiet modes
/// (`QuietModes`), the screen's raw modes (`NCursesScreen`); none while stopped by Ctrl-Z, before
/// playing or after. For the signal handler: a background tview whose SIGTTOU cannot stop it
/// gives back what it holds, and touches nothing it does not (the modes are then another
/// program's). A lock-free load, safe in a handler.
public enum TerminalHold {
    public static var isHeld: Bool { holds.load(ordering: .sequentiallyConsistent) > 0 }
    private static let holds = Atomic<Int>(0)

    static func take() { holds.add(1, ordering: .sequentiallyConsistent) }
    static func release() { holds.subtract(1, ordering: .sequentiallyConsistent) }
}
