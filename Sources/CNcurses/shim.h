// SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600, which is what turns on ncurses' wide-character
// API (cchar_t, setcchar, mvadd_wch); define it here so the module always has it.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <ncurses.h>
