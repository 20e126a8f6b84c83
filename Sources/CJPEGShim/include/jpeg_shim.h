#ifndef TVIEW_JPEG_SHIM_H
#define TVIEW_JPEG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Reads a JPEG stream's header: its size in pixels, whether it is CMYK or YCCK, and the bytes
/// of DCT coefficients libjpeg holds while decoding it (0 for one interleaved scan, which is
/// decoded as it is read; the whole image's for a progressive or multi-scan file). Returns 1
/// on success; on failure 0 with libjpeg's message in `message`. libjpeg's error exit (longjmp)
/// stays inside this file.
int tview_jpeg_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, int *cmyk,
                    size_t *coefficient_bytes, char *message, size_t message_size);

/// Decodes a JPEG stream to 8-bit RGBA at 1/`scale_denominator` of its size (1, 2, 4 or 8:
/// `width` x `height` are the stored size from `tview_jpeg_size` divided so, rounded up), into
/// `pixels` (width * height * 4 bytes): greyscale and YCbCr through libjpeg-turbo's RGBA output,
/// CMYK and YCCK (Adobe's inverted ink) converted here, or with `ink` left as ink (C, M, Y, K, 0
/// none, whether stored inverted or not) for a colour profile to convert. Returns 1 on success, 2 when the data
/// broke off or was damaged but rows were decoded (libjpeg's warning in `message`; the rest is
/// grey, as libjpeg fills it), 0 on failure with the message.
int tview_jpeg_decode_rgba(const uint8_t *data, size_t size, unsigned scale_denominator, uint32_t width,
                           uint32_t height, int ink, uint8_t *pixels, char *message, size_t message_size);

#endif
