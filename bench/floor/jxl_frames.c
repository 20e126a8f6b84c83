/* What a JPEG XL player can learn and skip: experiments with libjxl's decoder (Debian 12: 0.7).
 *
 * usage: jxl_frames headers FILE [coalesced]  each frame's header, from a pass that asks for no
 *                                         pixels; its time and CPU. Coalescing is off unless
 *                                         asked, so a frame's layer, blend and save_as_reference
 *                                         are the codestream's (coalesced: replace, 0 and 0)
 *        jxl_frames decode FILE [THREADS]  every frame to 8-bit RGBA (coalesced): each frame's wall
 *                                         and CPU milliseconds, and its bytes in the file
 *        jxl_frames skip FILE [THREADS] N  frame N reached three ways: JxlDecoderSkipFrames(N) on a
 *                                         new decoder, N frames decoded before it, and
 *                                         JxlDecoderSkipFrames(N) after a whole pass and a rewind
 *        jxl_frames player FILE [THREADS] K  one frame in K shown, the K-1 between skipped
 *                                         (JxlDecoderSkipFrames(K-1) after each), over a first pass
 *                                         and over a second after a rewind; against all decoded
 * THREADS: 0 (default) no parallel runner; N: JxlThreadParallelRunner with N threads.
 * CPU is user+system of the whole process (getrusage), so it counts the runner's threads.
 */
#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static uint8_t *data;
static size_t data_size;
static uint8_t *pixels;
static size_t pixels_size;
static JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
static JxlBasicInfo info;
static void *runner;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double cpu_ms(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
}

static void fail(const char *what) {
    fprintf(stderr, "jxl_frames: %s\n", what);
    exit(1);
}

static void read_file(const char *path) {
    FILE *in = fopen(path, "rb");
    if (!in) {
        perror(path);
        exit(1);
    }
    fseek(in, 0, SEEK_END);
    data_size = (size_t)ftell(in);
    fseek(in, 0, SEEK_SET);
    data = malloc(data_size);
    if (!data || fread(data, 1, data_size, in) != data_size) fail("cannot read the file");
    fclose(in);
}

/* A decoder for the whole file, with `events` and the runner. */
static JxlDecoder *open_decoder(int events, size_t threads, int coalescing, int close) {
    JxlDecoder *dec = JxlDecoderCreate(NULL);
    if (!dec) fail("JxlDecoderCreate");
    if (threads > 0) {
        if (!runner) runner = JxlThreadParallelRunnerCreate(NULL, threads);
        if (JxlDecoderSetParallelRunner(dec, JxlThreadParallelRunner, runner) != JXL_DEC_SUCCESS)
            fail("JxlDecoderSetParallelRunner");
    }
    if (JxlDecoderSubscribeEvents(dec, events) != JXL_DEC_SUCCESS) fail("JxlDecoderSubscribeEvents");
    if (!coalescing && JxlDecoderSetCoalescing(dec, JXL_FALSE) != JXL_DEC_SUCCESS) fail("JxlDecoderSetCoalescing");
    if (JxlDecoderSetInput(dec, data, data_size) != JXL_DEC_SUCCESS) fail("JxlDecoderSetInput");
    if (close) JxlDecoderCloseInput(dec);
    return dec;
}

static void set_output(JxlDecoder *dec) {
    size_t needed;
    if (JxlDecoderImageOutBufferSize(dec, &format, &needed) != JXL_DEC_SUCCESS) fail("JxlDecoderImageOutBufferSize");
    if (needed > pixels_size) {
        free(pixels);
        pixels = malloc(needed);
        pixels_size = needed;
    }
    if (JxlDecoderSetImageOutBuffer(dec, &format, pixels, needed) != JXL_DEC_SUCCESS)
        fail("JxlDecoderSetImageOutBuffer");
}

/* Runs the decoder to the next whole frame (1) or the end (0). */
static int next_frame(JxlDecoder *dec) {
    for (;;) {
        JxlDecoderStatus status = JxlDecoderProcessInput(dec);
        switch (status) {
        case JXL_DEC_SUCCESS:
            return 0;
        case JXL_DEC_FULL_IMAGE:
            return 1;
        case JXL_DEC_BASIC_INFO:
            JxlDecoderGetBasicInfo(dec, &info);
            break;
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
            set_output(dec);
            break;
        case JXL_DEC_FRAME:
        case JXL_DEC_COLOR_ENCODING:
            break;
        default:
            fprintf(stderr, "jxl_frames: libjxl status %d\n", (int)status);
            exit(1);
        }
    }
}

static const char *blend_name(JxlBlendMode mode) {
    switch (mode) {
    case JXL_BLEND_REPLACE: return "replace";
    case JXL_BLEND_ADD: return "add";
    case JXL_BLEND_BLEND: return "blend";
    case JXL_BLEND_MULADD: return "muladd";
    case JXL_BLEND_MUL: return "mul";
    }
    return "?";
}

/* The frame headers alone: no FULL_IMAGE event, so libjxl reads each header and its table of
 * contents and jumps over the frame's data (decode.cc, FrameStage::kTOC). */
static void headers(int coalescing) {
    double wall = now_ms(), cpu = cpu_ms();
    /* The input is left open, to be given again from each header's end (a closed input cannot
     * be): the file's end is then a request for more. */
    JxlDecoder *dec = open_decoder(JXL_DEC_BASIC_INFO | JXL_DEC_FRAME, 0, coalescing, 0);
    long frames = 0, shown = 0, saved = 0, blended = 0, cropped = 0, total_ticks = 0;
    for (;;) {
        JxlDecoderStatus status = JxlDecoderProcessInput(dec);
        if (status == JXL_DEC_SUCCESS || status == JXL_DEC_NEED_MORE_INPUT) break;
        if (status == JXL_DEC_BASIC_INFO) {
            JxlDecoderGetBasicInfo(dec, &info);
            printf("%ux%u, animation %d, ticks %u/%u a second, loops %u, alpha %u bits, uses_original_profile %d\n",
                   info.xsize, info.ysize, info.have_animation, info.animation.tps_numerator,
                   info.animation.tps_denominator, info.animation.num_loops, info.alpha_bits,
                   info.uses_original_profile);
            printf("frame  offset      duration  last  crop                    blend    source  save_as_reference\n");
        } else if (status == JXL_DEC_FRAME) {
            JxlFrameHeader h;
            if (JxlDecoderGetFrameHeader(dec, &h) != JXL_DEC_SUCCESS) fail("JxlDecoderGetFrameHeader");
            size_t offset = data_size - JxlDecoderReleaseInput(dec);
            JxlDecoderSetInput(dec, data + offset, data_size - offset);
            JxlLayerInfo *l = &h.layer_info;
            printf("%5ld  %10zu  %8u  %4d  %d %5d,%-5d %5ux%-5u  %-7s  %6u  %u\n", frames, offset, h.duration,
                   h.is_last, l->have_crop, l->crop_x0, l->crop_y0, l->xsize, l->ysize,
                   blend_name(l->blend_info.blendmode),
                   l->blend_info.source, l->save_as_reference);
            frames++;
            shown += h.duration > 0 || h.is_last;
            saved += l->save_as_reference != 0;
            blended += l->blend_info.blendmode != JXL_BLEND_REPLACE || l->have_crop;
            cropped += l->have_crop;
            total_ticks += h.duration;
        } else {
            fprintf(stderr, "jxl_frames: libjxl status %d\n", (int)status);
            exit(1);
        }
    }
    JxlDecoderDestroy(dec);
    printf("%ld frames (%ld shown), %ld saved as a reference, %ld blended onto a reference or cropped "
           "(%ld cropped), %ld ticks in all\n",
           frames, shown, saved, blended, cropped, total_ticks);
    printf("headers pass: %.1f ms wall, %.1f ms CPU, file %zu bytes\n", now_ms() - wall, cpu_ms() - cpu, data_size);
}

/* Every frame: its wall and CPU time, and its bytes (from the end of the frame header, TOC
 * included, to the end of the frame's data, as JxlDecoderReleaseInput tells them). */
static void decode(size_t threads) {
    JxlDecoder *dec = open_decoder(JXL_DEC_BASIC_INFO | JXL_DEC_FRAME | JXL_DEC_FULL_IMAGE, threads, 1, 0);
    double wall0 = now_ms(), cpu0 = cpu_ms(), wall = wall0, cpu = cpu0;
    double sum_wall = 0, max_wall = 0, min_wall = 1e9, first_wall = 0, first_cpu = 0;
    size_t header_end = 0, frame_end = 0, between = 0, in_frames = 0;
    long frames = 0;
    printf("frame  wall_ms  cpu_ms    bytes  bytes_before_header\n");
    for (;;) {
        JxlDecoderStatus status = JxlDecoderProcessInput(dec);
        if (status == JXL_DEC_SUCCESS || status == JXL_DEC_NEED_MORE_INPUT) break;
        if (status == JXL_DEC_BASIC_INFO) {
            JxlDecoderGetBasicInfo(dec, &info);
        } else if (status == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
            set_output(dec);
        } else if (status == JXL_DEC_FRAME || status == JXL_DEC_FULL_IMAGE) {
            size_t offset = data_size - JxlDecoderReleaseInput(dec);
            JxlDecoderSetInput(dec, data + offset, data_size - offset);
            if (status == JXL_DEC_FRAME) {
                header_end = offset;
                continue;
            }
            double w = now_ms(), c = cpu_ms();
            size_t gap = frames ? header_end - frame_end : 0;
            printf("%5ld  %7.1f  %6.1f  %7zu  %zu\n", frames, w - wall, c - cpu, offset - header_end, gap);
            if (frames == 0) first_wall = w - wall, first_cpu = c - cpu;
            else {
                sum_wall += w - wall;
                if (w - wall > max_wall) max_wall = w - wall;
                if (w - wall < min_wall) min_wall = w - wall;
            }
            between += gap;
            in_frames += offset - header_end;
            frame_end = offset;
            wall = w, cpu = c;
            frames++;
        } else {
            fprintf(stderr, "jxl_frames: libjxl status %d\n", (int)status);
            exit(1);
        }
    }
    double total_wall = now_ms() - wall0, total_cpu = cpu_ms() - cpu0;
    printf("%ld frames, %zu threads: %.1f ms wall a frame (first %.1f, others %.1f to %.1f), %.1f ms CPU a frame "
           "(first %.1f); %.2f s wall, %.2f s CPU in all\n",
           frames, threads, total_wall / frames, first_wall, min_wall, max_wall, total_cpu / frames, first_cpu,
           total_wall / 1e3, total_cpu / 1e3);
    printf("bytes: %zu in the frames' data, %zu between one frame's end and the next frame's header end "
           "(headers, and any frames not shown)\n",
           in_frames, between);
    JxlDecoderDestroy(dec);
}

/* Frame n's time reached by skipping, on a new decoder. */
/* libjxl 0.7's JxlDecoderRewind clears the events subscribed (decode.cc sets events_wanted to
 * 0, though decode.h says they are kept): a rewound decoder is subscribed and given its input
 * again. */
static void rewind_decoder(JxlDecoder *dec, int events) {
    JxlDecoderRewind(dec);
    if (JxlDecoderSubscribeEvents(dec, events) != JXL_DEC_SUCCESS) fail("JxlDecoderSubscribeEvents");
    if (JxlDecoderSetInput(dec, data, data_size) != JXL_DEC_SUCCESS) fail("JxlDecoderSetInput");
    JxlDecoderCloseInput(dec);
}

static void reach(const char *how, JxlDecoder *dec, long n, int skip) {
    double wall = now_ms(), cpu = cpu_ms();
    if (skip) JxlDecoderSkipFrames(dec, (size_t)n);
    else
        for (long i = 0; i < n; i++)
            if (!next_frame(dec)) fail("fewer frames than asked");
    double before = now_ms() - wall;
    if (!next_frame(dec)) fail("fewer frames than asked");
    /* A sample of the frame's pixels: the same whichever way it was reached. */
    uint64_t sum = 0;
    for (size_t i = 0; i < pixels_size; i += 4097) sum += pixels[i];
    /* JxlDecoderSkipFrames only counts: the skipped frames' work is done in the ProcessInput
     * calls that bring frame N. */
    printf("%-42s %8.1f ms wall %8.1f ms CPU to frame %ld (%.1f ms before its ProcessInput calls); "
           "sample %llu\n",
           how, now_ms() - wall, cpu_ms() - cpu, n, before, (unsigned long long)sum);
}

static void skip(size_t threads, long n) {
    int events = JXL_DEC_BASIC_INFO | JXL_DEC_FULL_IMAGE;
    JxlDecoder *dec = open_decoder(events, threads, 1, 1);
    reach("new decoder, JxlDecoderSkipFrames(N):", dec, n, 1);
    JxlDecoderDestroy(dec);
    dec = open_decoder(events, threads, 1, 1);
    reach("new decoder, N frames decoded:", dec, n, 0);
    JxlDecoderDestroy(dec);
    dec = open_decoder(events, threads, 1, 1);
    while (next_frame(dec)) {
    }
    rewind_decoder(dec, events);
    reach("after a pass and a rewind, SkipFrames(N):", dec, n, 1);
    JxlDecoderDestroy(dec);
}

/* Shows frame 0, K, 2K, ...: JxlDecoderSkipFrames(K-1) after each. */
static long play_pass(JxlDecoder *dec, long k) {
    long shown = 0;
    while (next_frame(dec)) {
        shown++;
        if (k > 1) JxlDecoderSkipFrames(dec, (size_t)(k - 1));
    }
    return shown;
}

static void player(size_t threads, long k) {
    int events = JXL_DEC_BASIC_INFO | JXL_DEC_FULL_IMAGE;
    JxlDecoder *dec = open_decoder(events, threads, 1, 1);
    double wall = now_ms(), cpu = cpu_ms();
    long all = play_pass(dec, 1);
    printf("every frame decoded:            %4ld frames, %8.1f ms wall %8.1f ms CPU\n", all, now_ms() - wall,
           cpu_ms() - cpu);
    JxlDecoderDestroy(dec);
    dec = open_decoder(events, threads, 1, 1);
    wall = now_ms(), cpu = cpu_ms();
    long shown = play_pass(dec, k);
    printf("1 in %ld shown, first pass:      %4ld frames, %8.1f ms wall %8.1f ms CPU\n", k, shown, now_ms() - wall,
           cpu_ms() - cpu);
    rewind_decoder(dec, events);
    wall = now_ms(), cpu = cpu_ms();
    shown = play_pass(dec, k);
    printf("1 in %ld shown, after a rewind:  %4ld frames, %8.1f ms wall %8.1f ms CPU\n", k, shown, now_ms() - wall,
           cpu_ms() - cpu);
    JxlDecoderDestroy(dec);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: jxl_frames headers FILE [coalesced] | decode FILE [THREADS] | "
                        "skip FILE THREADS N | player FILE THREADS K\n");
        return 2;
    }
    read_file(argv[2]);
    size_t threads = argc > 3 ? (size_t)atol(argv[3]) : 0;
    if (!strcmp(argv[1], "headers")) headers(argc > 3 && !strcmp(argv[3], "coalesced"));
    else if (!strcmp(argv[1], "decode")) decode(threads);
    else if (!strcmp(argv[1], "skip") && argc > 4) skip(threads, atol(argv[4]));
    else if (!strcmp(argv[1], "player") && argc > 4) player(threads, atol(argv[4]));
    else {
        fprintf(stderr, "usage: jxl_frames headers FILE [coalesced] | decode FILE [THREADS] | "
                        "skip FILE THREADS N | player FILE THREADS K\n");
        return 2;
    }
    if (runner) JxlThreadParallelRunnerDestroy(runner);
    return 0;
}
