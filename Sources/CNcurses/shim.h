// SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600, which is what turns on ncurses' wide-character
// API (cchar_t, setcchar, mvadd_wch); define it here so the module always has it.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncurses.h>
#include <term.h>

// ncurses' globals and macros, read through functions: Swift 6 cannot touch C globals directly.
static inline WINDOW *tview_stdscr(void) { return stdscr; }
static inline WINDOW *tview_curscr(void) { return curscr; }
static inline int tview_colors(void) { return COLORS; }
static inline int tview_color_pairs(void) { return COLOR_PAIRS; }
static inline int tview_lines(void) { return LINES; }
static inline int tview_cols(void) { return COLS; }

// The colour count terminfo's entry for `term` states (-1: none stated), read without setting up
// a screen; -2 when there is no such entry. The entry set up before (if any) stays current.
static inline int tview_terminfo_colors(const char *term, int descriptor) {
    TERMINAL *before = cur_term;
    int error = 0;
    if (setupterm(term, descriptor, &error) != OK) {
        set_curterm(before);
        return -2;
    }
    int colors = tigetnum("colors");
    del_curterm(cur_term);
    set_curterm(before);
    return colors;
}

// One cell: a wide character with an extended colour pair (setcchar's opts argument).
static inline int tview_put_cell(int y, int x, wchar_t glyph, int pair) {
    cchar_t cell;
    wchar_t text[2] = {glyph, 0};
    setcchar(&cell, text, A_NORMAL, 0, &pair);
    return mvwadd_wch(stdscr, y, x, &cell);
}

// The status line: `text` (already fitted to the width) in reverse video on row `y`; NULL clears
// the row.
static inline void tview_put_status(int y, const char *text) {
    wmove(stdscr, y, 0);
    wattrset(stdscr, A_NORMAL);
    wclrtoeol(stdscr);
    if (text != NULL) {
        wattrset(stdscr, A_REVERSE);
        mvwaddstr(stdscr, y, 0, text);
        wattrset(stdscr, A_NORMAL);
    }
}
