#include "png_shim.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    char *message;
    size_t message_size;
} stream_state;

static void set_message(stream_state *state, const char *text) {
    if (state->message_size == 0) return;
    strncpy(state->message, text, state->message_size - 1);
    state->message[state->message_size - 1] = '\0';
}

static void on_error(png_structp png, png_const_charp text) {
    stream_state *state = (stream_state *)png_get_error_ptr(png);
    set_message(state, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text; /* Warnings (bad ancillary CRC, ...) change nothing we show. */
}

static void on_read(png_structp png, png_bytep out, size_t count) {
    stream_state *state = (stream_state *)png_get_io_ptr(png);
    if (count > state->size - state->offset) {
        png_error(png, "data ends early");
    }
    memcpy(out, state->data + state->offset, count);
    state->offset += count;
}

int tview_png_decode_rgba(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                          uint8_t *pixels, char *message, size_t message_size) {
    stream_state state = {data, size, 0, message, message_size};
    set_message(&state, "");
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (png == NULL) {
        set_message(&state, "out of memory");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    /* volatile: read after the longjmp. */
    png_bytep *volatile rows = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        if (state.message[0] == '\0') set_message(&state, "out of memory");
        free(rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return 0;
    }
    png_set_read_fn(png, &state, on_read);
    /* zlib streams that refer further back than their header's window (Chromium bug 807324)
     * decode in Chromium and Firefox, which let zlib use its full 32 KB window: so do we. */
    png_set_option(png, PNG_MAXIMUM_INFLATE_WINDOW, PNG_OPTION_ON);
    png_set_user_limits(png, width, height);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
        png_error(png, "image size differs from the frame size");
    }
    png_byte color_type = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_strip_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_error(png, "unexpected row size after conversion");
    }
    rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 4;
    png_read_image(png, rows);
    free(rows);
    rows = NULL;
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}
