import Glibc
internal import Terminal

/// A pipe or device that has sent nothing yet, before the screen is taken: q or Esc gives up
/// on it, Ctrl-C ends the process (as SIGINT), and so does any ending signal. The terminal's
/// keys are read only once a wait has begun. Pass ``keepWaiting()`` as an ``Animation``'s
/// `whileWaiting`, and call ``end()`` once it is open.
public final class QuitKeysWatch {
    private var keys: QuitKeys?
    private var began = false

    /// A watch that reads nothing until asked.
    public init() {}

    /// False when the wait should stop.
    public func keepWaiting() -> Bool {
        if TerminalSignals.endRequested { return false }
        if !began {
            began = true
            keys = QuitKeys()
        }
        switch keys?.quitPressed() ?? .nothing {
        case .interrupt:
            keys?.end()
            raise(SIGINT)
            return false
        case .quit: return false
        case .nothing: return true
        }
    }

    /// Gives the terminal's modes back if the watch took them.
    public func end() {
        keys?.end()
    }
}
