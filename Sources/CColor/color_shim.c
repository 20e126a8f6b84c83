// See color_shim.h.
#define _GNU_SOURCE
#include "color_shim.h"

#include <dlfcn.h>
#include <lcms2.h>
#include <lcms2_plugin.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define LCMS_FUNCTIONS(X)                                                                                   \
    X(cmsGetEncodedCMMversion) X(cmsOpenProfileFromMem) X(cmsCloseProfile) X(cmsCreate_sRGBProfile)         \
    X(cmsCreateTransform) X(cmsDeleteTransform) X(cmsDoTransform) X(cmsGetColorSpace)                       \
    X(cmsGetProfileInfoASCII) X(cmsSetLogErrorHandler) X(cmsCreateRGBProfile) X(cmsBuildParametricToneCurve)    \
    X(cmsFreeToneCurve) X(cmsSaveProfileToMem) X(cmsPlugin) X(cmsBuildTabulatedToneCurveFloat)

#define DECLARE_POINTER(name) static __typeof__(&name) p_##name;
LCMS_FUNCTIONS(DECLARE_POINTER)

static char load_reason[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void quiet(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context, (void)code, (void)text;
}

// lcms2 sizes some blocks from counts a profile states (fuzzing found a WebP whose profile's
// description tag asked for 400 MB): no block of its may be larger than this. Real profiles are
// a few KB, and their transforms' tables a few hundred.
enum { largest_block = 16 << 20 };

static void *bounded_malloc(cmsContext context, cmsUInt32Number size) {
    (void)context;
    return size <= largest_block ? malloc(size) : NULL;
}

static void bounded_free(cmsContext context, void *pointer) {
    (void)context;
    free(pointer);
}

static void *bounded_realloc(cmsContext context, void *pointer, cmsUInt32Number size) {
    (void)context;
    return size <= largest_block ? realloc(pointer, size) : NULL;
}

static cmsPluginMemHandler bounded_memory = {
    {cmsPluginMagicNumber, 2000, cmsPluginMemHandlerSig, NULL}, bounded_malloc, bounded_free, bounded_realloc,
    NULL, NULL, NULL};

static void load_body(void) {
    void *handle = dlopen("liblcms2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(load_reason, sizeof load_reason, "%s", dlerror());
        return;
    }
#define RESOLVE(name)                                                                                       \
    p_##name = (__typeof__(&name))dlsym(handle, #name);                                                     \
    if (p_##name == NULL) {                                                                                 \
        snprintf(load_reason, sizeof load_reason, "liblcms2.so.2 has no %s", #name);                        \
        return;                                                                                             \
    }
    LCMS_FUNCTIONS(RESOLVE)
    // lcms2 2.x keeps its ABI within the major version; its own messages stay off the screen.
    if (p_cmsGetEncodedCMMversion() / 1000 != 2) {
        snprintf(load_reason, sizeof load_reason, "liblcms2 is not version 2");
        return;
    }
    p_cmsSetLogErrorHandler(quiet);
    if (!p_cmsPlugin(&bounded_memory)) {
        snprintf(load_reason, sizeof load_reason, "liblcms2 refused tview's memory bounds");
        p_cmsCreateTransform = NULL;
    }
}

const char *tview_color_load(void) {
    pthread_once(&load_once, load_body);
    return load_reason[0] ? load_reason : (p_cmsCreateTransform ? NULL : "lcms2 could not be opened");
}

struct tview_color {
    cmsHTRANSFORM transform;
    int grey;
    int cmyk;
};

static void describe(cmsHPROFILE profile, char *description, size_t description_size) {
    if (description_size) {
        p_cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description,
                                 (cmsUInt32Number)description_size);
    }
}

void tview_color_describe(const uint8_t *icc, size_t size, char *description, size_t description_size) {
    if (description_size) description[0] = 0;
    if (tview_color_load() != NULL || size < 132) return;
    cmsHPROFILE profile = p_cmsOpenProfileFromMem(icc, (cmsUInt32Number)size);
    if (profile == NULL) return;
    describe(profile, description, description_size);
    p_cmsCloseProfile(profile);
}

tview_color *tview_color_open(const uint8_t *icc, size_t size, int ink, char *description, size_t description_size) {
    if (description_size) description[0] = 0;
    if (tview_color_load() != NULL || size < 132) return NULL;
    cmsHPROFILE input = p_cmsOpenProfileFromMem(icc, (cmsUInt32Number)size);
    if (input == NULL) return NULL;
    describe(input, description, description_size);
    cmsColorSpaceSignature space = p_cmsGetColorSpace(input);
    tview_color *color = NULL;
    if (space == cmsSigRgbData || space == cmsSigGrayData || (ink && space == cmsSigCmykData)) {
        cmsHPROFILE srgb = p_cmsCreate_sRGBProfile();
        int grey = space == cmsSigGrayData, cmyk = space == cmsSigCmykData;
        cmsUInt32Number in = grey ? TYPE_GRAY_8 : cmyk ? TYPE_CMYK_8 : TYPE_RGBA_8;
        cmsUInt32Number out = grey || cmyk ? TYPE_RGB_8 : TYPE_RGBA_8;
        // Perceptual: what browsers use (for matrix profiles the same as relative colorimetric).
        cmsHTRANSFORM transform =
            srgb ? p_cmsCreateTransform(input, in, srgb, out, INTENT_PERCEPTUAL, in == out ? cmsFLAGS_COPY_ALPHA : 0)
                 : NULL;
        if (srgb) p_cmsCloseProfile(srgb);
        if (transform) {
            color = calloc(1, sizeof *color);
            if (color) {
                color->transform = transform;
                color->grey = grey;
                color->cmyk = cmyk;
            } else {
                p_cmsDeleteTransform(transform);
            }
        }
    }
    p_cmsCloseProfile(input);
    return color;
}

static tview_color *open_with_curve(const double primaries[6], const double white[2], cmsToneCurve *curve);

tview_color *tview_color_open_primaries(const double primaries[6], const double white[2], double exponent) {
    if (tview_color_load() != NULL) return NULL;
    // sRGB's curve: IEC 61966-2-1 as lcms2's parametric type 4; or a power, type 1.
    const double curve_parameters[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
    const double power[1] = {exponent};
    cmsToneCurve *curve = exponent > 0 ? p_cmsBuildParametricToneCurve(NULL, 1, power)
                                       : p_cmsBuildParametricToneCurve(NULL, 4, curve_parameters);
    return open_with_curve(primaries, white, curve);
}

tview_color *tview_color_open_curve(const double primaries[6], const double white[2], const float *values, int count) {
    if (tview_color_load() != NULL || count < 2) return NULL;
    return open_with_curve(primaries, white, p_cmsBuildTabulatedToneCurveFloat(NULL, (cmsUInt32Number)count, values));
}

// RGB with these primaries, white and curve (freed here), opened through its profile's bytes.
static tview_color *open_with_curve(const double primaries[6], const double white[2], cmsToneCurve *curve) {
    if (curve == NULL) return NULL;
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsCIExyY white_point = {white[0], white[1], 1};
    cmsCIExyYTRIPLE triple = {{primaries[0], primaries[1], 1}, {primaries[2], primaries[3], 1},
                              {primaries[4], primaries[5], 1}};
    cmsHPROFILE profile = p_cmsCreateRGBProfile(&white_point, &triple, curves);
    p_cmsFreeToneCurve(curve);
    if (profile == NULL) return NULL;
    // Through its bytes, so one path opens every profile.
    cmsUInt32Number size = 0;
    tview_color *color = NULL;
    if (p_cmsSaveProfileToMem(profile, NULL, &size) && size > 0) {
        uint8_t *bytes = malloc(size);
        if (bytes && p_cmsSaveProfileToMem(profile, bytes, &size)) color = tview_color_open(bytes, size, 0, NULL, 0);
        free(bytes);
    }
    p_cmsCloseProfile(profile);
    return color;
}

int tview_color_is_cmyk(const tview_color *color) { return color != NULL && color->cmyk; }

void tview_color_convert(tview_color *color, uint8_t *rgba, size_t count) {
    if (color->cmyk) {
        // Ink (C, M, Y, K; 0 none) in each pixel's four bytes becomes its RGB, opaque.
        enum { slice = 4096 };
        uint8_t rgb[slice * 3];
        for (size_t done = 0; done < count; done += slice) {
            size_t now = count - done < slice ? count - done : slice;
            p_cmsDoTransform(color->transform, rgba + done * 4, rgb, (cmsUInt32Number)now);
            for (size_t i = 0; i < now; i++) {
                memcpy(rgba + (done + i) * 4, rgb + i * 3, 3);
                rgba[(done + i) * 4 + 3] = 255;
            }
        }
        return;
    }
    if (!color->grey) {
        // In slices: cmsDoTransform counts pixels in 32 bits.
        for (size_t done = 0; done < count; done += 1 << 24) {
            size_t now = count - done < (1u << 24) ? count - done : 1u << 24;
            p_cmsDoTransform(color->transform, rgba + done * 4, rgba + done * 4, (cmsUInt32Number)now);
        }
        return;
    }
    // Grey: the grey level (any channel) through the profile to sRGB, a slice at a time.
    enum { slice = 4096 };
    uint8_t grey[slice], rgb[slice * 3];
    for (size_t done = 0; done < count; done += slice) {
        size_t now = count - done < slice ? count - done : slice;
        for (size_t i = 0; i < now; i++) grey[i] = rgba[(done + i) * 4];
        p_cmsDoTransform(color->transform, grey, rgb, (cmsUInt32Number)now);
        for (size_t i = 0; i < now; i++) memcpy(rgba + (done + i) * 4, rgb + i * 3, 3);
    }
}

void tview_color_close(tview_color *color) {
    if (color == NULL) return;
    p_cmsDeleteTransform(color->transform);
    free(color);
}

size_t tview_color_inflate(const uint8_t *data, size_t size, uint8_t *out, size_t capacity, int *larger) {
    *larger = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return 0;
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)size;
    stream.next_out = out;
    stream.avail_out = (uInt)capacity;
    int result = inflate(&stream, Z_FINISH);
    size_t produced = capacity - stream.avail_out;
    inflateEnd(&stream);
    if (result == Z_BUF_ERROR && stream.avail_out == 0) *larger = 1;
    return result == Z_STREAM_END ? produced : 0;
}
