// See codec_loader.h. Each library is opened once, by the first file that needs it, with every
// function tview calls looked up then; a library that is missing or of another version than the
// headers tview was built with is refused whole, so no call can reach a mismatched one.
#define _GNU_SOURCE
#include "codec_loader.h"

#include <dlfcn.h>
#include <jxl/thread_parallel_runner.h>
#include <pthread.h>
#include <quiet_libraries.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#define AVIF_FUNCTIONS(X)                                                                                   \
    X(avifVersion) X(avifDecoderCreate) X(avifDecoderDestroy) X(avifDecoderSetIO) X(avifDecoderParse)       \
    X(avifDecoderNthImageTiming) X(avifDecoderReset) X(avifDecoderNextImage) X(avifRGBImageSetDefaults)     \
    X(avifImageYUVToRGB) X(avifResultToString)

#define JXL_FUNCTIONS(X)                                                                                    \
    X(JxlDecoderVersion) X(JxlDecoderCreate) X(JxlDecoderDestroy) X(JxlDecoderRewind)                       \
    X(JxlDecoderSubscribeEvents) X(JxlDecoderSetUnpremultiplyAlpha) X(JxlDecoderSetInput)                   \
    X(JxlDecoderReleaseInput)                                                                               \
    X(JxlDecoderProcessInput) X(JxlDecoderGetBasicInfo) X(JxlDecoderGetFrameHeader)                         \
    X(JxlDecoderImageOutBufferSize) X(JxlDecoderSetImageOutBuffer) X(JxlDecoderSetPreferredColorProfile)    \
    X(JxlColorEncodingSetToSRGB) X(JxlDecoderSetParallelRunner) X(JxlDecoderSetCoalescing)                   \
    X(JxlDecoderGetExtraChannelBlendInfo) X(JxlDecoderSetImageOutCallback)                                   \
    X(JxlDecoderGetColorAsEncodedProfile) X(JxlDecoderGetICCProfileSize) X(JxlDecoderGetColorAsICCProfile)   \
    X(JxlDecoderSkipFrames)

#define JXL_THREADS_FUNCTIONS(X)                                                                            \
    X(JxlThreadParallelRunnerCreate) X(JxlThreadParallelRunnerDestroy) X(JxlThreadParallelRunner)

// typeof does not evaluate its operand: naming the library's functions here links nothing.
#define DECLARE_POINTER(name) static __typeof__(&name) p_##name;
AVIF_FUNCTIONS(DECLARE_POINTER)
JXL_FUNCTIONS(DECLARE_POINTER)
JXL_THREADS_FUNCTIONS(DECLARE_POINTER)

#define RESOLVE(name)                                                                                       \
    p_##name = (__typeof__(&name))dlsym(handle, #name);                                                     \
    if (p_##name == NULL) {                                                                                 \
        snprintf(reason, size, "%s has no %s", path, #name);                                                \
        return 0;                                                                                           \
    }

typedef int (*load_function)(const char *path, void *handle, char *reason, size_t size);

// Opens `soname`, else the development link `fallback`, and has `load` look up its functions and
// check its version; `reason` is left empty when that worked, else says why not. RTLD_LOCAL: its
// symbols (and its dependencies', libdav1d's among them) stay out of the lookups of libraries
// opened later (FFmpeg's).
static void open_library(const char *soname, const char *fallback, load_function load, const char *name,
                         char *reason, size_t size) {
    const char *path = soname;
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(reason, size, "%s", dlerror());
        path = fallback;
        handle = dlopen(fallback, RTLD_NOW | RTLD_LOCAL);
    }
    if (handle != NULL && load(path, handle, reason, size)) {
        reason[0] = 0;
    } else if (reason[0] == 0) {
        snprintf(reason, size, "%s could not be opened", name);
    }
}

static char avif_reason[256];

static int load_avif(const char *path, void *handle, char *reason, size_t size) {
    AVIF_FUNCTIONS(RESOLVE)
    char wanted[32];
    snprintf(wanted, sizeof wanted, "%d.%d.", AVIF_VERSION_MAJOR, AVIF_VERSION_MINOR);
    const char *version = p_avifVersion();
    if (strncmp(version, wanted, strlen(wanted)) != 0) {
        snprintf(reason, size, "%s is libavif %s; tview was built for %d.%d", path, version, AVIF_VERSION_MAJOR,
                 AVIF_VERSION_MINOR);
        return 0;
    }
    // Before any file is decoded: dav1d's own prints off the screen (CQuietLibraries).
    tview_quiet_dav1d_in(handle);
    return 1;
}

static void open_avif(void) {
    // libavif's soname is 4 + the minor version up to 0.11 (libavif.so.15), 16 from 1.0 on.
    char avif_soname[32];
    snprintf(avif_soname, sizeof avif_soname, "libavif.so.%d",
             AVIF_VERSION_MAJOR == 0 ? AVIF_VERSION_MINOR + 4 : 16);
    open_library(avif_soname, "libavif.so", load_avif, "libavif", avif_reason, sizeof avif_reason);
}

const char *tview_avif_open(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_avif);
    return avif_reason[0] == 0 ? NULL : avif_reason;
}

static char jxl_reason[256];

static int load_jxl(const char *path, void *handle, char *reason, size_t size) {
    JXL_FUNCTIONS(RESOLVE)
    uint32_t version = p_JxlDecoderVersion();
    if (version / 1000 != JPEGXL_MAJOR_VERSION * 1000 + JPEGXL_MINOR_VERSION) {
        snprintf(reason, size, "%s is libjxl %u.%u; tview was built for %d.%d", path, version / 1000000,
                 version / 1000 % 1000, JPEGXL_MAJOR_VERSION, JPEGXL_MINOR_VERSION);
        return 0;
    }
    return 1;
}

static int load_jxl_threads(const char *path, void *handle, char *reason, size_t size) {
    JXL_THREADS_FUNCTIONS(RESOLVE)
    return 1;
}

static void open_jxl(void) {
    // libjxl 0.x is libjxl.so.0.MINOR, and its thread pool libjxl_threads.so.0.MINOR.
    char jxl_soname[32], threads_soname[40];
    if (JPEGXL_MAJOR_VERSION == 0) {
        snprintf(jxl_soname, sizeof jxl_soname, "libjxl.so.0.%d", JPEGXL_MINOR_VERSION);
        snprintf(threads_soname, sizeof threads_soname, "libjxl_threads.so.0.%d", JPEGXL_MINOR_VERSION);
    } else {
        snprintf(jxl_soname, sizeof jxl_soname, "libjxl.so.%d", JPEGXL_MAJOR_VERSION);
        snprintf(threads_soname, sizeof threads_soname, "libjxl_threads.so.%d", JPEGXL_MAJOR_VERSION);
    }
    open_library(jxl_soname, "libjxl.so", load_jxl, "libjxl", jxl_reason, sizeof jxl_reason);
    if (jxl_reason[0] != 0) return;
    // The thread pool is a help, not a need: without it frames decode on one thread. It has no
    // version to check; it comes from the same package as libjxl, of the same soname version.
    char threads_reason[256] = "";
    open_library(threads_soname, "libjxl_threads.so", load_jxl_threads, "libjxl_threads", threads_reason,
                 sizeof threads_reason);
    if (threads_reason[0] != 0) p_JxlThreadParallelRunnerCreate = NULL;
}

void *tview_jxl_runner_create(size_t threads) {
    if (p_JxlThreadParallelRunnerCreate == NULL) return NULL;
    // Its threads take no signals: tview's go to the main thread (BackgroundWorker says why).
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    void *runner = p_JxlThreadParallelRunnerCreate(NULL, threads);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return runner;
}

void tview_jxl_runner_destroy(void *runner) {
    if (runner != NULL) p_JxlThreadParallelRunnerDestroy(runner);
}

JxlDecoderStatus tview_jxl_runner_set(JxlDecoder *dec, void *runner) {
    return p_JxlDecoderSetParallelRunner(dec, p_JxlThreadParallelRunner, runner);
}

const char *tview_jxl_open(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, open_jxl);
    return jxl_reason[0] == 0 ? NULL : jxl_reason;
}

avifDecoder *tview_avifDecoderCreate(void) { return p_avifDecoderCreate(); }
void tview_avifDecoderDestroy(avifDecoder *decoder) { p_avifDecoderDestroy(decoder); }
void tview_avifDecoderSetIO(avifDecoder *decoder, avifIO *io) { p_avifDecoderSetIO(decoder, io); }
avifResult tview_avifDecoderParse(avifDecoder *decoder) { return p_avifDecoderParse(decoder); }
avifResult tview_avifDecoderNthImageTiming(const avifDecoder *decoder, uint32_t frameIndex,
                                           avifImageTiming *outTiming) {
    return p_avifDecoderNthImageTiming(decoder, frameIndex, outTiming);
}
avifResult tview_avifDecoderReset(avifDecoder *decoder) { return p_avifDecoderReset(decoder); }
avifResult tview_avifDecoderNextImage(avifDecoder *decoder) { return p_avifDecoderNextImage(decoder); }
void tview_avifRGBImageSetDefaults(avifRGBImage *rgb, const avifImage *image) {
    p_avifRGBImageSetDefaults(rgb, image);
}
avifResult tview_avifImageYUVToRGB(const avifImage *image, avifRGBImage *rgb) {
    return p_avifImageYUVToRGB(image, rgb);
}
const char *tview_avifResultToString(avifResult result) { return p_avifResultToString(result); }

JxlDecoder *tview_JxlDecoderCreate(const JxlMemoryManager *memory_manager) {
    return p_JxlDecoderCreate(memory_manager);
}
void tview_JxlDecoderDestroy(JxlDecoder *dec) { p_JxlDecoderDestroy(dec); }
void tview_JxlDecoderRewind(JxlDecoder *dec) { p_JxlDecoderRewind(dec); }
JxlDecoderStatus tview_JxlDecoderSubscribeEvents(JxlDecoder *dec, int events_wanted) {
    return p_JxlDecoderSubscribeEvents(dec, events_wanted);
}
JxlDecoderStatus tview_JxlDecoderSetUnpremultiplyAlpha(JxlDecoder *dec, JXL_BOOL unpremul_alpha) {
    return p_JxlDecoderSetUnpremultiplyAlpha(dec, unpremul_alpha);
}
JxlDecoderStatus tview_JxlDecoderSetInput(JxlDecoder *dec, const uint8_t *data, size_t size) {
    return p_JxlDecoderSetInput(dec, data, size);
}
size_t tview_JxlDecoderReleaseInput(JxlDecoder *dec) { return p_JxlDecoderReleaseInput(dec); }
JxlDecoderStatus tview_JxlDecoderProcessInput(JxlDecoder *dec) { return p_JxlDecoderProcessInput(dec); }
JxlDecoderStatus tview_JxlDecoderGetBasicInfo(const JxlDecoder *dec, JxlBasicInfo *info) {
    return p_JxlDecoderGetBasicInfo(dec, info);
}
JxlDecoderStatus tview_JxlDecoderGetFrameHeader(const JxlDecoder *dec, JxlFrameHeader *header) {
    return p_JxlDecoderGetFrameHeader(dec, header);
}
JxlDecoderStatus tview_JxlDecoderImageOutBufferSize(const JxlDecoder *dec, const JxlPixelFormat *format,
                                                    size_t *size) {
    return p_JxlDecoderImageOutBufferSize(dec, format, size);
}
JxlDecoderStatus tview_JxlDecoderSetImageOutBuffer(JxlDecoder *dec, const JxlPixelFormat *format, void *buffer,
                                                   size_t size) {
    return p_JxlDecoderSetImageOutBuffer(dec, format, buffer, size);
}
JxlDecoderStatus tview_JxlDecoderSetPreferredColorProfile(JxlDecoder *dec, const JxlColorEncoding *color_encoding) {
    return p_JxlDecoderSetPreferredColorProfile(dec, color_encoding);
}
void tview_JxlColorEncodingSetToSRGB(JxlColorEncoding *color_encoding, JXL_BOOL is_gray) {
    p_JxlColorEncodingSetToSRGB(color_encoding, is_gray);
}
void tview_JxlDecoderSkipFrames(JxlDecoder *dec, size_t amount) { p_JxlDecoderSkipFrames(dec, amount); }
JxlDecoderStatus tview_JxlDecoderSetCoalescing(JxlDecoder *dec, JXL_BOOL coalescing) {
    return p_JxlDecoderSetCoalescing(dec, coalescing);
}
JxlDecoderStatus tview_JxlDecoderGetExtraChannelBlendInfo(const JxlDecoder *dec, size_t index, JxlBlendInfo *info) {
    return p_JxlDecoderGetExtraChannelBlendInfo(dec, index, info);
}
JxlDecoderStatus tview_JxlDecoderSetImageOutCallback(JxlDecoder *dec, const JxlPixelFormat *format,
                                                     JxlImageOutCallback callback, void *opaque) {
    return p_JxlDecoderSetImageOutCallback(dec, format, callback, opaque);
}

// libjxl 0.9 dropped the unused pixel format argument of these three.
#if JPEGXL_MAJOR_VERSION == 0 && JPEGXL_MINOR_VERSION < 9
#define JXL_UNUSED_FORMAT NULL,
#else
#define JXL_UNUSED_FORMAT
#endif
JxlDecoderStatus tview_JxlDecoderGetColorAsEncodedProfile(const JxlDecoder *dec, JxlColorProfileTarget target,
                                                          JxlColorEncoding *color_encoding) {
    return p_JxlDecoderGetColorAsEncodedProfile(dec, JXL_UNUSED_FORMAT target, color_encoding);
}
JxlDecoderStatus tview_JxlDecoderGetICCProfileSize(const JxlDecoder *dec, JxlColorProfileTarget target, size_t *size) {
    return p_JxlDecoderGetICCProfileSize(dec, JXL_UNUSED_FORMAT target, size);
}
JxlDecoderStatus tview_JxlDecoderGetColorAsICCProfile(const JxlDecoder *dec, JxlColorProfileTarget target,
                                                      uint8_t *icc_profile, size_t size) {
    return p_JxlDecoderGetColorAsICCProfile(dec, JXL_UNUSED_FORMAT target, icc_profile, size);
}
