// Video clips (MP4/MOV, WebM, Matroska) through FFmpeg's libraries, which are opened when a clip
// needs them (like libavif and libjxl: libavcodec alone maps dozens of codec libraries). Only
// tview's own types cross this line: FFmpeg's structures stay in video_shim.c.
//
// Safety by construction: FFmpeg reads only the descriptor it is given (a custom I/O context;
// it opens no file or URL itself: nested opens such as a playlist's segments or a QuickTime
// reference are refused), only the demuxers listed in video_shim.c are allowed, and its log is
// silenced (failures come back as text for tview's one-line errors).
#ifndef TVIEW_VIDEO_SHIM_H
#define TVIEW_VIDEO_SHIM_H

#include <stddef.h>
#include <stdint.h>

typedef struct tview_video tview_video;

typedef struct {
    // The coded frame's size, and the sample aspect ratio (1/1 when the file states none).
    int coded_width, coded_height;
    int sample_aspect_num, sample_aspect_den;
    // Quarter turns clockwise that show the frame upright (a phone's display matrix), 0 to 3.
    int quarter_turns;
    // Frames the container declares, or -1.
    int64_t frame_count;
    // One frame's time at the frame rate the container states, in microseconds; 0 when it states
    // none.
    int64_t frame_time_us;
    int has_audio;
    // "mp4", "mov", "webm" or "mkv"; the codec's short name ("h264", "vp9", "av1", ...).
    char container[8];
    char codec[32];
} tview_video_info;

// NULL when FFmpeg's libraries are loaded (the first call loads them), else why not.
const char *tview_video_load(void);

// Opens the clip in `fd` (read with pread; `size` bytes); FFmpeg allocates no block larger than
// `largest_allocation` (for it and every clip after). NULL on failure, with the reason.
tview_video *tview_video_open(int fd, int64_t size, size_t largest_allocation, tview_video_info *info, char *reason,
                              size_t reason_size);

// Frames come out as RGBA of `width` x `height` (the coded frame scaled; before any turn).
void tview_video_set_output(tview_video *video, int width, int height);

// The next frame in presentation order, decoded and given out to be taken (`tview_video_take`):
// 1 with its duration in microseconds as the clip's timestamps say it (to the next frame's
// timestamp; the last frame's from its packet), 0 or less where they say none (the caller
// decides then); 0 at the end; -1 on an error (`reason`). `more` is set to 1 when another frame
// is known to follow.
int tview_video_next(tview_video *video, int64_t *duration_us, int *more, char *reason, size_t reason_size);

// The frame given out, converted into `rgba` (width * height * 4 bytes, the output size set now:
// a size set while the frame decoded applies to it) or, with NULL, let go. 0, or -1 on an error
// converting (`reason`).
int tview_video_take(tview_video *video, uint8_t *rgba, char *reason, size_t reason_size);

// Back to before the first frame (a seek to the start; the demuxer opened again where the clip
// cannot seek). 0, or -1 with the reason.
int tview_video_rewind(tview_video *video, char *reason, size_t reason_size);

// How many packets decoders were given so far (the tests' look at how much decoding a frame took).
int64_t tview_video_packets_decoded(const tview_video *video);

void tview_video_close(tview_video *video);

#endif
