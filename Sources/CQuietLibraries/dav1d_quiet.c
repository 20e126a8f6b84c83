// libavif decodes AV1 with dav1d (the fastest and leanest of its decoders here) but gives it no
// logger, so dav1d prints its errors ("Error parsing OBU data") to stderr itself: onto the
// screen tview is playing on, past the one escaping path text takes. libavif gets its settings
// from dav1d_default_settings; this definition, in the executable, is found before libdav1d's
// (ELF symbol lookup), calls libdav1d's and takes the logger away (NULL disables it). libavif
// still reports each failure, and tview shows that through its own diagnostics.
#define _GNU_SOURCE
#include <dav1d/dav1d.h>
#include <dlfcn.h>
#include <string.h>

typedef void (*tview_dav1d_settings_function)(Dav1dSettings *);

void dav1d_default_settings(Dav1dSettings *settings) {
    static tview_dav1d_settings_function library_defaults = NULL;
    if (library_defaults == NULL) {
        library_defaults = (tview_dav1d_settings_function)dlsym(RTLD_NEXT, "dav1d_default_settings");
    }
    if (library_defaults != NULL) {
        library_defaults(settings);
    } else {
        // Not reached while libdav1d is loaded (only it calls this); dav1d_open refuses zeros.
        memset(settings, 0, sizeof *settings);
    }
    settings->logger.callback = NULL;
}
