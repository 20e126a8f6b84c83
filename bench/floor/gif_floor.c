/* The GIF floor: what any player must spend on a GIF, and nothing more. Decodes and composites
 * every frame of FILE with giflib's record API into one RGBA canvas, LOOPS times over (default
 * 1), and prints one line on stderr: frames decoded and a checksum of the last canvas (so the
 * work cannot be optimised away). With DUMP it also writes the last canvas there, raw RGBA.
 *
 * usage: gif_floor FILE [LOOPS [DUMP]]
 *
 * The compositing is tview's (Sources/Decode/GIF/GIFCompositor.swift), the browsers' model: the
 * canvas starts transparent and is as large as the logical screen or the first image, whichever
 * is larger; images are clipped to it; a transparent index leaves the canvas as it is; indices past
 * the colour table are opaque black; an image with no colour table draws nothing; before the next
 * image, disposal 2 clears the last image's rectangle to transparent and disposal 3 restores what
 * was under it (0 and 1 keep it). Interlaced images arrive in their four passes. Each loop opens
 * the file again and starts from a clear canvas, as tview's rewind does.
 *
 * The image header is read with DGifGetImageHeader, as tview does: DGifGetImageDesc is the same
 * call plus a SavedImage record (and a copy of a local colour table) appended for every frame,
 * bookkeeping a player that keeps no frames does not need. Build with -DIMAGE_DESC to use it.
 */
#include <gif_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int width, height;
    uint32_t *pixels;  /* RGBA bytes in memory order, as uint32 */
    uint32_t *saved;   /* what disposal 3 restores */
    /* the last image's rectangle, clipped, and its disposal: applied before the next image */
    int left, top, right, bottom, disposal, pending;
} Canvas;

static void fail(const char *what, int code) {
    fprintf(stderr, "gif_floor: %s: %s\n", what, GifErrorString(code));
    exit(1);
}

static uint32_t rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    uint8_t bytes[4] = {r, g, b, a};
    uint32_t value;
    memcpy(&value, bytes, 4);
    return value;
}

static void dispose_previous(Canvas *c) {
    if (!c->pending) return;
    c->pending = 0;
    int width = c->right - c->left;
    if (width <= 0) return;
    for (int y = c->top; y < c->bottom; y++) {
        uint32_t *row = c->pixels + (size_t)y * c->width + c->left;
        if (c->disposal == DISPOSE_BACKGROUND)
            memset(row, 0, (size_t)width * 4);
        else if (c->disposal == DISPOSE_PREVIOUS)
            memcpy(row, c->saved + (size_t)(y - c->top) * width, (size_t)width * 4);
    }
}

static void skip_image_data(GifFileType *gif) {
    int code_size;
    GifByteType *block;
    if (DGifGetCode(gif, &code_size, &block) != GIF_OK) fail("image data", gif->Error);
    while (block)
        if (DGifGetCodeNext(gif, &block) != GIF_OK) fail("image data", gif->Error);
}

/* One pass over the file: every frame drawn onto c (allocated at the first image). */
static long decode_once(const char *path, Canvas *c, uint8_t **line, int *line_size) {
    int error;
    GifFileType *gif = DGifOpenFileName(path, &error);
    if (!gif) fail(path, error);
    long frames = 0;
    GraphicsControlBlock gcb = {DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    for (;;) {
        GifRecordType record;
        if (DGifGetRecordType(gif, &record) != GIF_OK) fail("record", gif->Error);
        if (record == TERMINATE_RECORD_TYPE) break;
        if (record == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *block;
            if (DGifGetExtension(gif, &code, &block) != GIF_OK) fail("extension", gif->Error);
            if (block && code == GRAPHICS_EXT_FUNC_CODE)
                DGifExtensionToGCB(block[0], block + 1, &gcb);
            while (block)
                if (DGifGetExtensionNext(gif, &block) != GIF_OK) fail("extension", gif->Error);
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
#ifdef IMAGE_DESC
        if (DGifGetImageDesc(gif) != GIF_OK) fail("image descriptor", gif->Error);
#else
        if (DGifGetImageHeader(gif) != GIF_OK) fail("image descriptor", gif->Error);
#endif
        GifImageDesc *d = &gif->Image;
        if (!c->pixels) {
            /* The first image: the canvas, as large as the screen or this image. */
            c->width = gif->SWidth > d->Width ? gif->SWidth : d->Width;
            c->height = gif->SHeight > d->Height ? gif->SHeight : d->Height;
            c->pixels = calloc((size_t)c->width * c->height, 4);
            c->saved = malloc((size_t)c->width * c->height * 4);
            if (!c->pixels || !c->saved) fail("canvas", D_GIF_ERR_NOT_ENOUGH_MEM);
        }
        dispose_previous(c);
        frames++;
        /* This image's rectangle, clipped to the canvas. */
        int left = d->Left < 0 ? 0 : (d->Left > c->width ? c->width : d->Left);
        int top = d->Top < 0 ? 0 : (d->Top > c->height ? c->height : d->Top);
        int right = d->Left + d->Width, bottom = d->Top + d->Height;
        right = right < left ? left : (right > c->width ? c->width : right);
        bottom = bottom < top ? top : (bottom > c->height ? c->height : bottom);
        c->left = left, c->top = top, c->right = right, c->bottom = bottom;
        c->disposal = gcb.DisposalMode;
        c->pending = 1;
        int width = right - left;
        if (c->disposal == DISPOSE_PREVIOUS)
            for (int y = top; y < bottom; y++)
                memcpy(c->saved + (size_t)(y - top) * width, c->pixels + (size_t)y * c->width + left,
                       (size_t)width * 4);
        ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
        if (width <= 0 || bottom <= top || !map || !map->Colors) {
            skip_image_data(gif);
            gcb = (GraphicsControlBlock){DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
            continue;
        }
        uint32_t colors[256];
        for (int i = 0; i < 256; i++) colors[i] = rgba(0, 0, 0, 255);
        for (int i = 0; i < map->ColorCount && i < 256; i++)
            colors[i] = rgba(map->Colors[i].Red, map->Colors[i].Green, map->Colors[i].Blue, 255);
        int transparent = gcb.TransparentColor;
        if (*line_size < d->Width) {
            *line = realloc(*line, d->Width);
            *line_size = d->Width;
        }
        static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
        int passes = d->Interlace ? 4 : 1;
        for (int pass = 0; pass < passes; pass++) {
            int start = d->Interlace ? starts[pass] : 0, step = d->Interlace ? steps[pass] : 1;
            for (int row = start; row < d->Height; row += step) {
                if (DGifGetLine(gif, *line, d->Width) != GIF_OK) fail("image data", gif->Error);
                int y = d->Top + row;
                if (y < top || y >= bottom) continue;
                const uint8_t *source = *line + (left - d->Left);
                uint32_t *target = c->pixels + (size_t)y * c->width + left;
                if (transparent < 0 || !memchr(source, transparent, width)) {
                    for (int x = 0; x < width; x++) target[x] = colors[source[x]];
                } else {
                    for (int x = 0; x < width; x++)
                        if (source[x] != transparent) target[x] = colors[source[x]];
                }
            }
        }
        /* A control block applies to the one image after it. */
        gcb = (GraphicsControlBlock){DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    }
    if (!c->pixels) {
        /* A screen with no image: one transparent canvas, as browsers (and tview) show. */
        c->width = gif->SWidth, c->height = gif->SHeight;
        c->pixels = calloc((size_t)c->width * c->height, 4);
        c->saved = malloc(1);
    }
    DGifCloseFile(gif, &error);
    return frames;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: gif_floor FILE [LOOPS [DUMP]]\n");
        return 2;
    }
    long loops = argc > 2 ? atol(argv[2]) : 1, frames = 0;
    Canvas canvas = {0};
    uint8_t *line = NULL;
    int line_size = 0;
    for (long loop = 0; loop < loops; loop++) {
        if (canvas.pixels) {
            memset(canvas.pixels, 0, (size_t)canvas.width * canvas.height * 4);
            canvas.pending = 0;
        }
        frames += decode_once(argv[1], &canvas, &line, &line_size);
    }
    /* FNV-1a over the last canvas's bytes. */
    uint64_t hash = 14695981039346656037ULL;
    const uint8_t *bytes = (const uint8_t *)canvas.pixels;
    size_t size = (size_t)canvas.width * canvas.height * 4;
    for (size_t i = 0; i < size; i++) hash = (hash ^ bytes[i]) * 1099511628211ULL;
    fprintf(stderr, "gif_floor: %ld frames, %dx%d, last canvas fnv1a %016llx\n", frames, canvas.width,
            canvas.height, (unsigned long long)hash);
    if (argc > 3) {
        FILE *out = fopen(argv[3], "wb");
        if (!out || fwrite(canvas.pixels, 1, size, out) != size || fclose(out)) {
            perror(argv[3]);
            return 1;
        }
    }
    return 0;
}
