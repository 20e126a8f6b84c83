// The Render module (downsampler, cell grid, ncurses and ANSI backends) is built in its own
// issue; the target exists now so the package layout and the ncursesw module are in place.
internal import CNcurses

/// The ncurses version the module was built against, e.g. "ncurses 6.4.20221231".
public func ncursesVersion() -> String {
    String(cString: curses_version())
}
