// See video_shim.h.
#define _GNU_SOURCE
#include "video_shim.h"

#include <dlfcn.h>
#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

// The demuxers tview reads; FFmpeg probes only these (HLS, concat lists, image2 patterns and the
// rest, which name other files or URLs, are never considered).
static const char *const allowed_demuxers = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm";

#define UTIL_FUNCTIONS(X)                                                                                   \
    X(avutil_version) X(av_malloc) X(av_free) X(av_strdup) X(av_frame_alloc) X(av_frame_free)              \
    X(av_frame_unref) X(av_strerror) X(av_log_set_level) X(av_display_rotation_get) X(av_pix_fmt_desc_get)    \
    X(av_max_alloc) X(av_frame_move_ref)
#define CODEC_FUNCTIONS(X)                                                                                  \
    X(avcodec_version) X(avcodec_find_decoder) X(avcodec_alloc_context3) X(avcodec_free_context)            \
    X(avcodec_parameters_to_context) X(avcodec_open2) X(avcodec_send_packet) X(avcodec_receive_frame)       \
    X(avcodec_flush_buffers) X(av_packet_alloc) X(av_packet_free) X(av_packet_unref) X(avcodec_get_name)    \
    X(av_packet_move_ref)
#define FORMAT_FUNCTIONS(X)                                                                                 \
    X(avformat_version) X(avformat_alloc_context) X(avformat_open_input) X(avformat_close_input)            \
    X(avformat_find_stream_info) X(av_read_frame) X(av_seek_frame) X(avio_alloc_context)                   \
    X(avio_context_free) X(av_stream_get_side_data)
#define SCALE_FUNCTIONS(X)                                                                                  \
    X(swscale_version) X(sws_getCachedContext) X(sws_scale) X(sws_freeContext) X(sws_setColorspaceDetails) \
    X(sws_getCoefficients)

// typeof does not evaluate its operand: naming the functions here links nothing.
#define DECLARE_POINTER(name) static __typeof__(&name) p_##name;
UTIL_FUNCTIONS(DECLARE_POINTER)
CODEC_FUNCTIONS(DECLARE_POINTER)
FORMAT_FUNCTIONS(DECLARE_POINTER)
SCALE_FUNCTIONS(DECLARE_POINTER)

#define RESOLVE(name)                                                                                       \
    p_##name = (__typeof__(&name))dlsym(handle, #name);                                                     \
    if (p_##name == NULL) {                                                                                 \
        snprintf(load_reason, sizeof load_reason, "%s has no %s", soname, #name);                           \
        return 0;                                                                                           \
    }

static char load_reason[256];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

// Opens one library (its soname, as the headers' major version says) and finds `functions` in it.
static void *open_library(const char *soname) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) snprintf(load_reason, sizeof load_reason, "%s", dlerror());
    return handle;
}

#define SONAME(lib, major) lib ".so." #major
#define SONAME_OF(lib, major) SONAME(lib, major)

static int load_all(void) {
    void *handle;
    const char *soname;
    soname = SONAME_OF("libavutil", LIBAVUTIL_VERSION_MAJOR);
    if ((handle = open_library(soname)) == NULL) return 0;
    UTIL_FUNCTIONS(RESOLVE)
    soname = SONAME_OF("libavcodec", LIBAVCODEC_VERSION_MAJOR);
    if ((handle = open_library(soname)) == NULL) return 0;
    CODEC_FUNCTIONS(RESOLVE)
    soname = SONAME_OF("libavformat", LIBAVFORMAT_VERSION_MAJOR);
    if ((handle = open_library(soname)) == NULL) return 0;
    FORMAT_FUNCTIONS(RESOLVE)
    soname = SONAME_OF("libswscale", LIBSWSCALE_VERSION_MAJOR);
    if ((handle = open_library(soname)) == NULL) return 0;
    SCALE_FUNCTIONS(RESOLVE)
    // The structures tview reads are those of the headers it was built with: same majors only.
    if (p_avutil_version() >> 16 != LIBAVUTIL_VERSION_MAJOR || p_avcodec_version() >> 16 != LIBAVCODEC_VERSION_MAJOR ||
        p_avformat_version() >> 16 != LIBAVFORMAT_VERSION_MAJOR ||
        p_swscale_version() >> 16 != LIBSWSCALE_VERSION_MAJOR) {
        snprintf(load_reason, sizeof load_reason, "FFmpeg's libraries are not the version tview was built for");
        return 0;
    }
    p_av_log_set_level(AV_LOG_QUIET);
    return 1;
}

static void load_once_body(void) {
    if (load_all()) load_reason[0] = 0;
    else if (load_reason[0] == 0) snprintf(load_reason, sizeof load_reason, "FFmpeg's libraries could not be opened");
}

const char *tview_video_load(void) {
    pthread_once(&load_once, load_once_body);
    return load_reason[0] ? load_reason : NULL;
}

// Packets read ahead at most to show the first frame early: its own and those that may hold the
// frame after it (a decoder's reorder depth is at most 16 frames).
enum { early_packets_most = 18 };

struct tview_video {
    int fd;
    int64_t size, position;
    AVIOContext *io;
    AVFormatContext *format;
    AVCodecContext *codec;
    AVPacket *packet;
    // The frame to give out next, and the one after it (its timestamp ends the first's time).
    AVFrame *ready, *after;
    // The frame given out, until it is taken (converted or let go).
    AVFrame *given;
    int have_ready;
    int stream;
    AVRational time_base;
    int draining;
    // An error met while reading ahead: given out once the frames before it are.
    int failed;
    char failure[160];
    struct SwsContext *scale;
    int out_width, out_height;
    // Packets read ahead of the decoder (to find the first frame's successor), fed to it before
    // any other.
    AVPacket *queued[early_packets_most];
    int queued_count;
    // The first frame may still come from its own packet alone (`early_frame`); once it has, the
    // decoder's own copy of it is dropped.
    int early_possible;
    int drop_early_copy;
    int64_t early_stamp;
    // Packets given to decoders, for the tests.
    int64_t packets_decoded;
};

static void describe(int code, const char *what, char *reason, size_t size) {
    char text[128] = "";
    if (p_av_strerror(code, text, sizeof text) < 0) snprintf(text, sizeof text, "error %d", code);
    snprintf(reason, size, "%s: %s", what, text);
}

static int read_packet(void *opaque, uint8_t *buffer, int size) {
    tview_video *video = opaque;
    if (video->position >= video->size) return AVERROR_EOF;
    ssize_t got;
    do {
        got = pread(video->fd, buffer, (size_t)size, (off_t)video->position);
    } while (got < 0 && errno == EINTR);
    if (got < 0) return AVERROR(errno);
    if (got == 0) return AVERROR_EOF;
    video->position += got;
    return (int)got;
}

static int64_t seek_packet(void *opaque, int64_t offset, int whence) {
    tview_video *video = opaque;
    switch (whence & ~AVSEEK_FORCE) {
    case AVSEEK_SIZE: return video->size;
    case SEEK_SET: break;
    case SEEK_CUR: offset += video->position; break;
    case SEEK_END: offset += video->size; break;
    default: return -1;
    }
    if (offset < 0) return -1;
    video->position = offset;
    return offset;
}

// Every nested open (a playlist's segments, a QuickTime data reference, ...) is refused.
static int refuse_open(struct AVFormatContext *s, AVIOContext **pb, const char *url, int flags,
                       AVDictionary **options) {
    (void)s, (void)pb, (void)url, (void)flags, (void)options;
    return AVERROR(EPERM);
}

static void close_demuxer(tview_video *video) {
    if (video->codec) p_avcodec_free_context(&video->codec);
    if (video->format) p_avformat_close_input(&video->format);
    if (video->io) {
        p_av_free(video->io->buffer);
        p_avio_context_free(&video->io);
    }
}

// Opens the demuxer and the decoder from the start of the file; fills `info` when given.
static int open_demuxer(tview_video *video, tview_video_info *info, char *reason, size_t size) {
    const int buffer_size = 1 << 16;
    uint8_t *buffer = p_av_malloc(buffer_size);
    video->position = 0;
    video->io = buffer ? p_avio_alloc_context(buffer, buffer_size, 0, video, read_packet, NULL, seek_packet) : NULL;
    video->format = p_avformat_alloc_context();
    if (!video->io || !video->format) {
        if (!video->io) p_av_free(buffer);
        snprintf(reason, size, "out of memory");
        return -1;
    }
    video->format->pb = video->io;
    video->format->flags |= AVFMT_FLAG_CUSTOM_IO;
    video->format->format_whitelist = p_av_strdup(allowed_demuxers);
    video->format->io_open = refuse_open;
    int code = p_avformat_open_input(&video->format, "", NULL, NULL);
    if (code < 0) {
        // avformat_open_input frees the context on failure (not the custom I/O).
        video->format = NULL;
        describe(code, "not a clip FFmpeg reads", reason, size);
        return -1;
    }
    const AVCodec *decoder = NULL;
    int audio = 0;
    video->stream = -1;
    for (unsigned i = 0; i < video->format->nb_streams; i++) {
        AVStream *stream = video->format->streams[i];
        enum AVMediaType type = stream->codecpar->codec_type;
        if (type == AVMEDIA_TYPE_AUDIO) audio = 1;
        // The first video stream that is not a cover picture.
        if (type == AVMEDIA_TYPE_VIDEO && video->stream < 0 && !(stream->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
            video->stream = (int)i;
        } else {
            stream->discard = AVDISCARD_ALL;
        }
    }
    if (video->stream < 0) {
        snprintf(reason, size, "no video stream");
        return -1;
    }
    AVStream *stream = video->format->streams[video->stream];
    if (stream->codecpar->width <= 0 || stream->codecpar->height <= 0) {
        code = p_avformat_find_stream_info(video->format, NULL);
        if (code < 0 || stream->codecpar->width <= 0 || stream->codecpar->height <= 0) {
            snprintf(reason, size, "the video stream states no frame size");
            return -1;
        }
    }
    decoder = p_avcodec_find_decoder(stream->codecpar->codec_id);
    if (decoder == NULL) {
        snprintf(reason, size, "no decoder for %s", p_avcodec_get_name(stream->codecpar->codec_id));
        return -1;
    }
    video->codec = p_avcodec_alloc_context3(decoder);
    if (!video->codec || p_avcodec_parameters_to_context(video->codec, stream->codecpar) < 0) {
        snprintf(reason, size, "out of memory");
        return -1;
    }
    video->codec->pkt_timebase = stream->time_base;
    // The player decodes ahead on a thread of its own; FFmpeg's own threads (frames in flight,
    // each with its buffers) only for frames larger than 1080p. Measured at 160x48: a 720p H.264
    // clip on one thread 58 MB peak and the same CPU time as on two with 65 MB; a 1080p one on
    // one thread 69 MB and 2.52-2.67 s of CPU for its 10 s, on two 79 MB and 2.64-2.69 s, both
    // on time.
    video->codec->thread_count = stream->codecpar->width * stream->codecpar->height > 1920 * 1080 ? 2 : 1;
    video->codec->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
    // FFmpeg's threads take no signals: tview's go to the main thread (BackgroundWorker says why).
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    code = p_avcodec_open2(video->codec, decoder, NULL);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (code < 0) {
        describe(code, "the decoder did not start", reason, size);
        return -1;
    }
    video->time_base = stream->time_base;
    video->draining = 0;
    video->failed = 0;
    video->have_ready = 0;
    if (info) {
        memset(info, 0, sizeof *info);
        info->coded_width = stream->codecpar->width;
        info->coded_height = stream->codecpar->height;
        AVRational aspect = stream->sample_aspect_ratio.num > 0 ? stream->sample_aspect_ratio
                                                                : stream->codecpar->sample_aspect_ratio;
        info->sample_aspect_num = aspect.num > 0 && aspect.den > 0 ? aspect.num : 1;
        info->sample_aspect_den = aspect.num > 0 && aspect.den > 0 ? aspect.den : 1;
        size_t matrix_size = 0;
        const uint8_t *matrix = p_av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &matrix_size);
        if (matrix && matrix_size >= 9 * sizeof(int32_t)) {
            // av_display_rotation_get says the counter-clockwise turn the matrix makes; showing
            // the frame upright takes the same turn clockwise.
            double degrees = -p_av_display_rotation_get((const int32_t *)matrix);
            if (degrees == degrees) {
                long turns = lround(degrees / 90.0) % 4;
                info->quarter_turns = (int)(turns < 0 ? turns + 4 : turns);
            }
        }
        info->frame_count = stream->nb_frames > 0 ? stream->nb_frames : -1;
        // The rate the demuxer read from the container (MP4's sample table, Matroska's default
        // duration); stream info is not probed for it (that decodes frames before the first).
        AVRational rate = stream->avg_frame_rate.num > 0 && stream->avg_frame_rate.den > 0 ? stream->avg_frame_rate
                                                                                          : stream->r_frame_rate;
        info->frame_time_us = rate.num > 0 && rate.den > 0 ? (int64_t)1000000 * rate.den / rate.num : 0;
        info->has_audio = audio;
        snprintf(info->codec, sizeof info->codec, "%s", p_avcodec_get_name(stream->codecpar->codec_id));
    }
    return 0;
}

tview_video *tview_video_open(int fd, int64_t size, size_t largest_allocation, tview_video_info *info, char *reason,
                              size_t reason_size) {
    if (tview_video_load() != NULL) {
        snprintf(reason, reason_size, "%s", load_reason);
        return NULL;
    }
    // FFmpeg sizes some tables from counts a file states (a 3 KB MP4 can claim a gigabyte of
    // sample entries): no block of its own may be larger than this.
    p_av_max_alloc(largest_allocation);
    tview_video *video = calloc(1, sizeof *video);
    if (video == NULL) {
        snprintf(reason, reason_size, "out of memory");
        return NULL;
    }
    video->fd = fd;
    video->size = size;
    video->packet = p_av_packet_alloc();
    video->ready = p_av_frame_alloc();
    video->after = p_av_frame_alloc();
    video->given = p_av_frame_alloc();
    if (!video->packet || !video->ready || !video->after || !video->given) {
        snprintf(reason, reason_size, "out of memory");
        tview_video_close(video);
        return NULL;
    }
    if (open_demuxer(video, info, reason, reason_size) < 0) {
        tview_video_close(video);
        return NULL;
    }
    video->early_possible = 1;
    return video;
}

void tview_video_set_output(tview_video *video, int width, int height) {
    video->out_width = width;
    video->out_height = height;
    // H.264 frames scaled to half their pixels or fewer (text cells): frames no other frame
    // refers to skip the loop filter, a sixth of the decoding here. Nothing is predicted from
    // them, so nothing drifts: on bench/'s 720p clip the frames differ from fully filtered ones
    // by 59.8 dB PSNR at 1280x360 and 61.9 dB at 640x360 (a fraction of an 8-bit step); without
    // the filter on every frame, 50 dB. H.264 only, the codec measured: in HEVC a picture of a
    // lower temporal layer that FFmpeg counts as non-reference may still be referred to.
    long coded = (long)video->codec->width * video->codec->height;
    int scaled_down = (long)width * height * 2 <= coded;
    video->codec->skip_loop_filter =
        video->codec->codec_id == AV_CODEC_ID_H264 && scaled_down ? AVDISCARD_NONREF : AVDISCARD_DEFAULT;
}

// The next packet of the clip's video stream: a queued one first, else the demuxer's (its code).
static int next_packet(tview_video *video, AVPacket *packet) {
    if (video->queued_count > 0) {
        p_av_packet_move_ref(packet, video->queued[0]);
        p_av_packet_free(&video->queued[0]);
        video->queued_count -= 1;
        memmove(video->queued, video->queued + 1, (size_t)video->queued_count * sizeof video->queued[0]);
        return 0;
    }
    for (;;) {
        int code = p_av_read_frame(video->format, packet);
        if (code < 0 || packet->stream_index == video->stream) return code;
        p_av_packet_unref(packet);
    }
}

static void drop_queued(tview_video *video) {
    while (video->queued_count > 0) p_av_packet_free(&video->queued[--video->queued_count]);
}

// A frame's timestamp in the stream's time base, or AV_NOPTS_VALUE.
static int64_t stamp_of(const AVFrame *frame) {
    return frame->best_effort_timestamp != AV_NOPTS_VALUE ? frame->best_effort_timestamp : frame->pts;
}

// The next decoded frame into `into`: 1, 0 at the end, -1 on an error (`reason`).
static int decode_one(tview_video *video, AVFrame *into, char *reason, size_t size) {
    for (;;) {
        int code = p_avcodec_receive_frame(video->codec, into);
        if (code == 0 && video->drop_early_copy) {
            // The first frame came out early; this is the decoder's own copy of it.
            video->drop_early_copy = 0;
            if (stamp_of(into) == video->early_stamp) {
                p_av_frame_unref(into);
                continue;
            }
        }
        if (code == 0) return 1;
        if (code == AVERROR_EOF) return 0;
        if (code != AVERROR(EAGAIN)) {
            describe(code, "the decoder failed", reason, size);
            return -1;
        }
        if (video->draining) return 0;
        for (;;) {
            code = next_packet(video, video->packet);
            if (code < 0) {
                // The end, or data cut short or corrupt: the frames decoded so far come out.
                if (code != AVERROR_EOF) {
                    video->failed = 1;
                    describe(code, "the clip's data broke off", video->failure, sizeof video->failure);
                }
                video->draining = 1;
                p_avcodec_send_packet(video->codec, NULL);
                break;
            }
            code = p_avcodec_send_packet(video->codec, video->packet);
            video->packets_decoded += 1;
            p_av_packet_unref(video->packet);
            // A packet the decoder refuses is skipped; its frames are the ones that go missing.
            if (code < 0 && code != AVERROR_INVALIDDATA && code != AVERROR(EAGAIN)) {
                describe(code, "the decoder failed", reason, size);
                return -1;
            }
            break;
        }
    }
}

static int64_t microseconds(tview_video *video, int64_t stamp) {
    return (int64_t)((__int128)stamp * video->time_base.num * 1000000 / video->time_base.den);
}

static int convert(tview_video *video, const AVFrame *frame, uint8_t *rgba, char *reason, size_t size) {
    // Area averaging when the frame is made smaller; otherwise swscale's fast YUV to RGB (its
    // exact-rounding and full-chroma paths cost four times as much, a third of playing a 720p
    // clip, for a difference the cells' averaging does not keep).
    int downscale = video->out_width < frame->width || video->out_height < frame->height;
    int flags = downscale ? SWS_AREA : SWS_BILINEAR;
    video->scale = p_sws_getCachedContext(video->scale, frame->width, frame->height, frame->format, video->out_width,
                                          video->out_height, AV_PIX_FMT_RGBA, flags, NULL, NULL, NULL);
    if (video->scale == NULL) {
        snprintf(reason, size, "cannot convert the clip's pixels");
        return -1;
    }
    // YUV: the matrix the frame says, else as players take it (BT.709 from 720 lines up, BT.601
    // below), and its range (limited unless it says full). RGB frames (lossless GBR clips) are
    // left alone: a range set on them would stretch their values.
    const AVPixFmtDescriptor *pixels = p_av_pix_fmt_desc_get(frame->format);
    if (pixels && !(pixels->flags & AV_PIX_FMT_FLAG_RGB)) {
        int space = frame->colorspace;
        if (space == AVCOL_SPC_UNSPECIFIED || space == AVCOL_SPC_RESERVED || space > AVCOL_SPC_BT2020_CL) {
            space = frame->height >= 720 ? SWS_CS_ITU709 : SWS_CS_ITU601;
        }
        p_sws_setColorspaceDetails(video->scale, p_sws_getCoefficients(space),
                                   frame->color_range == AVCOL_RANGE_JPEG, p_sws_getCoefficients(SWS_CS_DEFAULT), 1,
                                   0, 1 << 16, 1 << 16);
    }
    uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
    int strides[4] = {video->out_width * 4, 0, 0, 0};
    p_sws_scale(video->scale, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes,
                strides);
    return 0;
}

// Reads the clip's next video packet into the queue: 1, or 0 at its end or on an error.
static int queue_packet(tview_video *video) {
    if (video->queued_count == early_packets_most) return 0;
    AVPacket *packet = p_av_packet_alloc();
    if (packet == NULL) return 0;
    for (;;) {
        if (p_av_read_frame(video->format, packet) < 0) {
            p_av_packet_free(&packet);
            return 0;
        }
        if (packet->stream_index == video->stream) break;
        p_av_packet_unref(packet);
    }
    video->queued[video->queued_count++] = packet;
    return 1;
}

// The first frame of a clip whose frames are reordered (B-frames) decoded from its own packet
// alone, by a decoder of its own that is drained at once: the clip's decoder holds a frame back
// until its reorder depth of frames follows (on bench/'s 720p camera clip four packets, 31 ms
// against 12, before the first picture). That decoder is then given the same packets and its copy
// of the frame is dropped. The frame's time is to the next timestamp among the packets that may
// hold the next frame (the reorder depth of them), as the container states them. 1 when it came
// out so (into `rgba`), 0 when the clip is not such a one (its first packet is not a key frame,
// no packet comes before another in time, or it would not decode alone): the packets read stay
// queued for the clip's decoder. The frame is given out (`given`).
static int early_frame(tview_video *video, int64_t *duration_us, int *more) {
    // Enough packets to see whether frames are reordered at all; the first must be a key frame
    // with a timestamp, shown (not a leading picture an edit list cuts).
    for (int wanted = 4; video->queued_count < wanted;) {
        if (!queue_packet(video)) break;
    }
    if (video->queued_count < 2) return 0;
    const AVPacket *first = video->queued[0];
    int shown_key_frame = (first->flags & AV_PKT_FLAG_KEY) && !(first->flags & AV_PKT_FLAG_DISCARD);
    if (!shown_key_frame || first->pts == AV_NOPTS_VALUE) return 0;
    int reordered = 0;
    int64_t latest = first->pts;
    for (int i = 1; i < video->queued_count; i++) {
        int64_t pts = video->queued[i]->pts;
        if (pts == AV_NOPTS_VALUE) return 0;
        if (pts < latest) reordered = 1;
        if (pts > latest) latest = pts;
    }
    if (!reordered) return 0;
    AVStream *stream = video->format->streams[video->stream];
    AVCodecContext *alone = p_avcodec_alloc_context3(video->codec->codec);
    if (alone == NULL) return 0;
    AVFrame *frame = p_av_frame_alloc();
    int got = 0, depth = 0;
    if (frame && p_avcodec_parameters_to_context(alone, stream->codecpar) >= 0) {
        alone->pkt_timebase = stream->time_base;
        alone->thread_count = 1;
        if (p_avcodec_open2(alone, video->codec->codec, NULL) >= 0 && p_avcodec_send_packet(alone, first) >= 0) {
            video->packets_decoded += 1;
            p_avcodec_send_packet(alone, NULL);
            got = p_avcodec_receive_frame(alone, frame) == 0;
            depth = alone->has_b_frames;
        }
    }
    p_avcodec_free_context(&alone);
    if (stream->codecpar->video_delay > depth) depth = stream->codecpar->video_delay;
    // The frame after it is among the next `depth` + 1 packets.
    while (got && video->queued_count < depth + 2) {
        if (!queue_packet(video)) break;
    }
    int64_t stamp = got ? stamp_of(frame) : AV_NOPTS_VALUE;
    int64_t next = AV_NOPTS_VALUE;
    for (int i = 1; got && i < video->queued_count; i++) {
        int64_t pts = video->queued[i]->pts;
        // One shown before it: the first packet's frame is not the first.
        if (pts < stamp) got = 0;
        else if (pts > stamp && (next == AV_NOPTS_VALUE || pts < next)) next = pts;
    }
    if (!got || stamp != first->pts) {
        p_av_frame_free(&frame);
        return 0;
    }
    *duration_us = next != AV_NOPTS_VALUE ? microseconds(video, next) - microseconds(video, stamp) : 0;
    p_av_frame_move_ref(video->given, frame);
    p_av_frame_free(&frame);
    video->drop_early_copy = 1;
    video->early_stamp = stamp;
    *more = next != AV_NOPTS_VALUE;
    return 1;
}

int tview_video_next(tview_video *video, int64_t *duration_us, int *more, char *reason, size_t reason_size) {
    *more = 0;
    p_av_frame_unref(video->given);
    if (video->early_possible) {
        video->early_possible = 0;
        if (early_frame(video, duration_us, more)) return 1;
    }
    if (!video->have_ready) {
        if (video->failed) {
            snprintf(reason, reason_size, "%s", video->failure);
            return -1;
        }
        int got = decode_one(video, video->ready, reason, reason_size);
        if (got <= 0) return got;
        video->have_ready = 1;
    }
    int following = decode_one(video, video->after, video->failure, sizeof video->failure);
    if (following < 0) video->failed = 1;
    // From this frame's timestamp to the next one's (or to its own end, for the last), each
    // turned into microseconds whole, so the durations add up to the clip's length exactly.
    int64_t stamp = stamp_of(video->ready);
    int64_t end = following == 1 ? stamp_of(video->after) : AV_NOPTS_VALUE;
    if (end == AV_NOPTS_VALUE && stamp != AV_NOPTS_VALUE && video->ready->pkt_duration > 0) {
        end = stamp + video->ready->pkt_duration;
    }
    int64_t duration = 0;
    if (stamp != AV_NOPTS_VALUE && end != AV_NOPTS_VALUE) duration = microseconds(video, end) - microseconds(video, stamp);
    *duration_us = duration;
    p_av_frame_move_ref(video->given, video->ready);
    AVFrame *swap = video->ready;
    video->ready = video->after;
    video->after = swap;
    video->have_ready = following == 1;
    *more = video->have_ready;
    return 1;
}

int tview_video_take(tview_video *video, uint8_t *rgba, char *reason, size_t reason_size) {
    int converted = rgba ? convert(video, video->given, rgba, reason, reason_size) : 0;
    p_av_frame_unref(video->given);
    return converted;
}

int tview_video_rewind(tview_video *video, char *reason, size_t reason_size) {
    p_av_frame_unref(video->given);
    p_av_frame_unref(video->ready);
    p_av_frame_unref(video->after);
    drop_queued(video);
    video->early_possible = 0;
    video->drop_early_copy = 0;
    video->have_ready = 0;
    video->failed = 0;
    video->draining = 0;
    AVStream *stream = video->format->streams[video->stream];
    int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
    if (p_av_seek_frame(video->format, video->stream, start, AVSEEK_FLAG_BACKWARD) >= 0) {
        p_avcodec_flush_buffers(video->codec);
        return 0;
    }
    // A clip that cannot seek is opened again from its first byte.
    close_demuxer(video);
    return open_demuxer(video, NULL, reason, reason_size);
}

int64_t tview_video_packets_decoded(const tview_video *video) { return video->packets_decoded; }

void tview_video_close(tview_video *video) {
    if (video == NULL) return;
    drop_queued(video);
    close_demuxer(video);
    if (video->scale) p_sws_freeContext(video->scale);
    if (video->packet) p_av_packet_free(&video->packet);
    if (video->ready) p_av_frame_free(&video->ready);
    if (video->after) p_av_frame_free(&video->after);
    if (video->given) p_av_frame_free(&video->given);
    free(video);
}
