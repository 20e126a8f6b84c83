#include "jpeg_shim.h"

#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t message_size;
    int warnings;
} error_state;

static void keep_message(j_common_ptr info) {
    error_state *state = (error_state *)info->err;
    if (state->message_size == 0) return;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    strncpy(state->message, text, state->message_size - 1);
    state->message[state->message_size - 1] = '\0';
}

static void on_error(j_common_ptr info) {
    keep_message(info);
    longjmp(((error_state *)info->err)->jump, 1);
}

static void on_message(j_common_ptr info, int level) {
    /* level -1: a warning (corrupt data, premature end); keep the first. Trace levels: nothing. */
    error_state *state = (error_state *)info->err;
    if (level < 0) {
        if (state->warnings == 0) keep_message(info);
        state->warnings += 1;
    }
}

static void set_up(struct jpeg_decompress_struct *info, error_state *state, char *message, size_t message_size) {
    memset(state, 0, sizeof(*state));
    info->err = jpeg_std_error(&state->base);
    state->base.error_exit = on_error;
    state->base.emit_message = on_message;
    state->message = message;
    state->message_size = message_size;
    if (message_size > 0) message[0] = '\0';
}

int tview_jpeg_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, int *cmyk,
                    size_t *coefficient_bytes, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    error_state state;
    set_up(&info, &state, message, message_size);
    if (setjmp(state.jump)) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    *cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    // The header ends at the first scan, so it is known whether there are more (as libjpeg's
    // own input controller decides it): then every block's coefficients are held at once, at
    // the full size whatever the scale (MCU rows padded to the sampling factors).
    *coefficient_bytes = 0;
    if (info.progressive_mode || info.comps_in_scan < info.num_components) {
        for (int index = 0; index < info.num_components; index++) {
            const jpeg_component_info *component = &info.comp_info[index];
            size_t across = component->width_in_blocks, down = component->height_in_blocks;
            size_t h = (size_t)component->h_samp_factor, v = (size_t)component->v_samp_factor;
            across = (across + h - 1) / h * h;
            down = (down + v - 1) / v * v;
            *coefficient_bytes += across * down * DCTSIZE2 * sizeof(JCOEF);
        }
    }
    jpeg_destroy_decompress(&info);
    return 1;
}

int tview_jpeg_decode_rgba(const uint8_t *data, size_t size, unsigned scale_denominator, uint32_t width,
                           uint32_t height, int ink_out, uint8_t *pixels, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    error_state state;
    set_up(&info, &state, message, message_size);
    uint8_t *volatile ink = NULL;
    if (setjmp(state.jump)) {
        free(ink);
        jpeg_destroy_decompress(&info);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    /* libjpeg-turbo's DCT scaling: 1/2, 1/4 or 1/8 of the size for a fraction of the work. */
    info.scale_num = 1;
    info.scale_denom = scale_denominator;
    jpeg_start_decompress(&info);
    if (info.output_width != width || info.output_height != height) {
        strncpy(message, "size changed between reads", message_size - 1);
        jpeg_destroy_decompress(&info);
        return 0;
    }
    if (cmyk && (ink = malloc((size_t)width * 4)) == NULL) {
        strncpy(message, "out of memory", message_size - 1);
        jpeg_destroy_decompress(&info);
        return 0;
    }
    while (info.output_scanline < info.output_height) {
        uint8_t *row = pixels + (size_t)info.output_scanline * width * 4;
        JSAMPROW target = cmyk ? ink : row;
        jpeg_read_scanlines(&info, &target, 1);
        if (cmyk) {
            /* Adobe writes ink inverted (0 = full ink), as nearly every CMYK JPEG is. */
            int inverted = info.saw_Adobe_marker;
            if (ink_out) {
                for (uint32_t x = 0; x < width * 4; x++) row[x] = inverted ? (uint8_t)(255 - ink[x]) : ink[x];
                continue;
            }
            for (uint32_t x = 0; x < width; x++) {
                unsigned c = ink[x * 4], m = ink[x * 4 + 1], y = ink[x * 4 + 2], k = ink[x * 4 + 3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                row[x * 4] = (uint8_t)(c * k / 255);
                row[x * 4 + 1] = (uint8_t)(m * k / 255);
                row[x * 4 + 2] = (uint8_t)(y * k / 255);
                row[x * 4 + 3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&info);
    free(ink);
    int warned = state.warnings > 0;
    jpeg_destroy_decompress(&info);
    return warned ? 2 : 1;
}
