// libavif decodes AV1 with dav1d (the fastest and leanest of its decoders here) but gives it no
// logger, so dav1d prints its errors ("Error parsing OBU data") to stderr itself: onto the
// screen tview is playing on, past the one escaping path text takes. libavif takes its settings
// from dav1d_default_settings: once libavif is opened, its own calls of that function are
// pointed at one that calls libdav1d's and takes the logger away (NULL disables it). libavif
// still reports each failure, and tview shows that through its own diagnostics.
//
// Only libavif's calls change. A definition of dav1d_default_settings in tview (as before) was
// found first by every library's lookup: FFmpeg's libdav1d decoder and dav1d itself (its
// dav1d_parse_sequence_header) got it too, and where FFmpeg had opened libdav1d out of its
// reach, zeros: dav1d refused to open, printing why, and FFmpeg's decoder ran without in-loop
// filters. It also took a linker flag to export it (unsafeFlags, which a package others depend
// on by version may not use).
#include "quiet_libraries.h"

#include <dav1d/dav1d.h>

#include "import_slot.h"

static void (*libdav1d_default_settings)(Dav1dSettings *);

static void quiet_default_settings(Dav1dSettings *settings) {
    libdav1d_default_settings(settings);
    settings->logger.callback = NULL;
}

int tview_quiet_dav1d_in(void *library) {
    return tview_replace_import(library, "dav1d_default_settings", (void *)quiet_default_settings,
                                (void **)&libdav1d_default_settings);
}
