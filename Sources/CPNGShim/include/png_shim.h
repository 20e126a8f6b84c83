#ifndef TVIEW_PNG_SHIM_H
#define TVIEW_PNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Decodes a complete PNG stream held in memory to 8-bit RGBA, `width` x `height`, into `pixels`
/// (width * height * 4 bytes). 16-bit samples keep their high byte, palettes and tRNS expand to
/// RGBA, interlacing is undone; no gamma or colour-space conversion. Returns 1 on success; on
/// failure returns 0 with libpng's message in `message`. libpng's longjmp stays inside this file.
int tview_png_decode_rgba(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                          uint8_t *pixels, char *message, size_t message_size);

#endif
