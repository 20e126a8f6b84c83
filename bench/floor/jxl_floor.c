/* The JPEG XL floor: libjxl decoding every frame of FILE to 8-bit RGBA, as libjxl composites it
 * (coalesced, its default: every frame the whole canvas), LOOPS times over (default 1), and
 * nothing else. Prints one line on stderr: frames decoded and a checksum of the last frame.
 *
 * usage: jxl_floor FILE [LOOPS [THREADS]]
 *   THREADS  0 (default): no parallel runner, libjxl works on the calling thread alone;
 *            N: JxlThreadParallelRunner with N worker threads (tview's runner, one a processor);
 *            rN: JxlResizableParallelRunner set to N threads.
 *
 * The file is read into memory once and given whole (the input closed); each loop rewinds the
 * decoder (JxlDecoderRewind keeps the runner; the events are subscribed again). The pixels are
 * not converted: a lossy (XYB) file comes out in sRGB, libjxl's default for 8-bit output, and a
 * lossless one in the space it was stored in (sRGB for files made from GIF, PNG or APNG without
 * a profile).
 */
#include <jxl/decode.h>
#include <jxl/resizable_parallel_runner.h>
#include <jxl/thread_parallel_runner.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what) {
    fprintf(stderr, "jxl_floor: %s\n", what);
    exit(1);
}

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *in = fopen(path, "rb");
    if (!in) {
        perror(path);
        exit(1);
    }
    fseek(in, 0, SEEK_END);
    long length = ftell(in);
    fseek(in, 0, SEEK_SET);
    uint8_t *data = malloc(length > 0 ? (size_t)length : 1);
    if (!data || fread(data, 1, (size_t)length, in) != (size_t)length) fail("cannot read the file");
    fclose(in);
    *size = (size_t)length;
    return data;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: jxl_floor FILE [LOOPS [THREADS|rTHREADS]]\n");
        return 2;
    }
    long loops = argc > 2 ? atol(argv[2]) : 1;
    const char *threads_arg = argc > 3 ? argv[3] : "0";
    int resizable = threads_arg[0] == 'r';
    size_t threads = (size_t)atol(threads_arg + resizable);
    size_t size;
    uint8_t *data = read_file(argv[1], &size);

    JxlDecoder *dec = JxlDecoderCreate(NULL);
    if (!dec) fail("JxlDecoderCreate");
    void *runner = NULL;
    if (resizable) {
        runner = JxlResizableParallelRunnerCreate(NULL);
        JxlResizableParallelRunnerSetThreads(runner, threads);
        if (JxlDecoderSetParallelRunner(dec, JxlResizableParallelRunner, runner) != JXL_DEC_SUCCESS)
            fail("JxlDecoderSetParallelRunner");
    } else if (threads > 0) {
        runner = JxlThreadParallelRunnerCreate(NULL, threads);
        if (JxlDecoderSetParallelRunner(dec, JxlThreadParallelRunner, runner) != JXL_DEC_SUCCESS)
            fail("JxlDecoderSetParallelRunner");
    }

    JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    JxlBasicInfo info;
    uint8_t *pixels = NULL;
    size_t pixels_size = 0;
    long frames = 0;
    for (long loop = 0; loop < loops; loop++) {
        /* libjxl 0.7's rewind clears the events subscribed (decode.cc sets events_wanted to 0,
         * whatever decode.h says): asked for again on every pass. */
        if (loop > 0) JxlDecoderRewind(dec);
        if (JxlDecoderSubscribeEvents(dec, JXL_DEC_BASIC_INFO | JXL_DEC_FULL_IMAGE) != JXL_DEC_SUCCESS)
            fail("JxlDecoderSubscribeEvents");
        if (JxlDecoderSetInput(dec, data, size) != JXL_DEC_SUCCESS) fail("JxlDecoderSetInput");
        JxlDecoderCloseInput(dec);
        for (;;) {
            JxlDecoderStatus status = JxlDecoderProcessInput(dec);
            if (status == JXL_DEC_SUCCESS) break;
            if (status == JXL_DEC_BASIC_INFO) {
                if (JxlDecoderGetBasicInfo(dec, &info) != JXL_DEC_SUCCESS) fail("JxlDecoderGetBasicInfo");
            } else if (status == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
                size_t needed;
                if (JxlDecoderImageOutBufferSize(dec, &format, &needed) != JXL_DEC_SUCCESS)
                    fail("JxlDecoderImageOutBufferSize");
                if (needed > pixels_size) {
                    free(pixels);
                    pixels = malloc(needed);
                    pixels_size = needed;
                    if (!pixels) fail("out of memory");
                }
                if (JxlDecoderSetImageOutBuffer(dec, &format, pixels, needed) != JXL_DEC_SUCCESS)
                    fail("JxlDecoderSetImageOutBuffer");
            } else if (status == JXL_DEC_FULL_IMAGE) {
                frames++;
            } else {
                fprintf(stderr, "jxl_floor: libjxl status %d after %ld frames\n", (int)status, frames);
                return 1;
            }
        }
    }
    /* FNV-1a over the last frame's bytes. */
    uint64_t hash = 14695981039346656037ULL;
    size_t count = (size_t)info.xsize * info.ysize * 4;
    for (size_t i = 0; i < count && pixels; i++) hash = (hash ^ pixels[i]) * 1099511628211ULL;
    fprintf(stderr, "jxl_floor: %ld frames, %ux%u, %s %zu, last frame fnv1a %016llx\n", frames, info.xsize,
            info.ysize, resizable ? "resizable runner" : (threads ? "thread runner" : "no runner,"), threads,
            (unsigned long long)hash);
    JxlDecoderDestroy(dec);
    if (resizable) JxlResizableParallelRunnerDestroy(runner);
    else if (runner) JxlThreadParallelRunnerDestroy(runner);
    free(pixels);
    free(data);
    return 0;
}
