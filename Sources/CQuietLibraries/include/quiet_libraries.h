// Nothing to call: the C files replace, for the whole process, the functions through which
// dav1d and libjxl would print to stderr (see each file). Linked in by depending on this target.
#ifndef TVIEW_QUIET_LIBRARIES_H
#define TVIEW_QUIET_LIBRARIES_H
#endif
