import Glibc
import TViewKit
import Terminal

/// A pipe or device that has sent nothing yet, before the screen is taken: q or Esc gives up
/// on it, Ctrl-C ends tview (as SIGINT), and so does any ending signal. The terminal's keys are
/// read only once a wait has begun (`QuitKeys`).
final class InputWait {
    private var keys: QuitKeys?
    private var began = false

    /// False when the wait should stop.
    func keepWaiting() -> Bool {
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

    func end() {
        keys?.end()
    }
}
