// Colour profiles through lcms2, which is opened when a picture carries a profile (like the
// decoders loaded on demand): an embedded ICC profile's pixels converted to sRGB, as browsers
// show them. Only tview's own types cross this line.
#ifndef TVIEW_COLOR_SHIM_H
#define TVIEW_COLOR_SHIM_H

#include <stddef.h>
#include <stdint.h>

typedef struct tview_color tview_color;

// NULL when lcms2 is loaded (the first call loads it), else why not.
const char *tview_color_load(void);

// A conversion from the ICC profile `icc` to sRGB, perceptual intent, for 8-bit RGBA pixels
// (grey profiles: their pixels as RGBA with equal channels). NULL when lcms2 is missing or the
// profile is malformed, or is not an RGB or grey one; `description` gets the profile's name
// (its description tag) when it can be read.
// With `ink`, a CMYK profile is opened too (for a CMYK JPEG's ink); without, only RGB and grey.
tview_color *tview_color_open(const uint8_t *icc, size_t size, int ink, char *description, size_t description_size);

// The ICC profile `icc`'s name (its description tag) into `description`, without a conversion:
// empty when lcms2 is missing or the profile is malformed or has none.
void tview_color_describe(const uint8_t *icc, size_t size, char *description, size_t description_size);

// A conversion to sRGB from RGB with these primaries (x, y of red, green, blue) and white point,
// and sRGB's tone curve (AVIF's nclx colour: Display P3, BT.2020), or with `exponent` > 0 the
// pure power curve value^exponent (a PNG's gAMA: 1/gamma). NULL without lcms2.
tview_color *tview_color_open_primaries(const double primaries[6], const double white[2], double exponent);

// The same with a tabulated curve: `count` linear values for encoded values 0…1 evenly spaced
// (an HDR transfer already tone-mapped into 0…1: PQ, HLG).
tview_color *tview_color_open_curve(const double primaries[6], const double white[2], const float *curve, int count);

// Whether `color` converts from CMYK (its pixels' four bytes are ink, C, M, Y, K, 0 none).
int tview_color_is_cmyk(const tview_color *color);

// Converts `count` RGBA pixels in place (alpha kept); from CMYK, `count` pixels of ink in place
// to opaque RGBA.
void tview_color_convert(tview_color *color, uint8_t *rgba, size_t count);

void tview_color_close(tview_color *color);

// A zlib stream (a PNG iCCP chunk's profile) inflated into `out`, at most `capacity` bytes;
// the inflated size, or 0 when the stream is bad or larger than that (`larger` then set to 1).
size_t tview_color_inflate(const uint8_t *data, size_t size, uint8_t *out, size_t capacity, int *larger);

#endif
