// Keeps libraries' own prints to stderr off the screen tview plays on; their failures reach it
// as tview's one-line errors. libjxl's prints are dropped by jxl_quiet.c, for the whole process,
// linked in by depending on this target; dav1d's logger is taken away from libavif alone, once
// it is opened (dav1d_quiet.c).
#ifndef TVIEW_QUIET_LIBRARIES_H
#define TVIEW_QUIET_LIBRARIES_H

// Takes dav1d's logger away in the settings `library` (libavif, as dlopen opened it) asks dav1d
// for, and nowhere else. Returns how many of its imports were redirected: 0 when it calls no
// dav1d (a libavif built without it) or could not be changed.
int tview_quiet_dav1d_in(void *library);

#endif
