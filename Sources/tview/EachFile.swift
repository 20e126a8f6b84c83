import TViewKit

/// The one loop over the FILEs of every mode that takes several: each opened and used in turn
/// by `body`, a failure printed as "tview: FILE: what is wrong" and counted, the others still
/// tried; the exit status from the count. `body` returns a status to stop at once (standard
/// output could not be written), nil to go on.
enum EachFile {
    static func run(_ paths: [String], _ body: (String) throws(TViewError) -> ExitStatus?) -> ExitStatus {
        var failed = 0
        for path in paths {
            do throws(TViewError) {
                if let stop = try body(path) { return stop }
            } catch {
                Diagnostics.error(error.description, file: path)
                failed += 1
            }
        }
        return .after(failed: failed, of: paths.count)
    }
}
