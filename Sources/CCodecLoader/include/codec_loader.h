// libavif and libjxl are opened when a file needs them, not at start: Debian's libavif maps
// rav1e, SVT-AV1, libaom, libgav1, libyuv and abseil, libjxl maps highway, lcms2 and brotli,
// which cost about 2.5 MB resident and the start-up time of 28 libraries in every run, AVIF
// and JPEG XL or not. The functions tview calls go through these tview_ names, which call the
// library's own (found by dlsym) once tview_avif_open or tview_jxl_open has succeeded.
#ifndef TVIEW_CODEC_LOADER_H
#define TVIEW_CODEC_LOADER_H

#include <avif/avif.h>
#include <jxl/decode.h>
#include <jxl/encode.h>

// NULL when the library is loaded (at the first call; later calls only answer), else why not
// (dlerror's text, or a version that is not the one tview was built for).
const char *tview_avif_open(void);
const char *tview_jxl_open(void);

avifDecoder *tview_avifDecoderCreate(void);
void tview_avifDecoderDestroy(avifDecoder *decoder);
void tview_avifDecoderSetIO(avifDecoder *decoder, avifIO *io);
avifResult tview_avifDecoderParse(avifDecoder *decoder);
avifResult tview_avifDecoderNthImageTiming(const avifDecoder *decoder, uint32_t frameIndex,
                                           avifImageTiming *outTiming);
avifResult tview_avifDecoderReset(avifDecoder *decoder);
avifResult tview_avifDecoderNextImage(avifDecoder *decoder);
void tview_avifRGBImageSetDefaults(avifRGBImage *rgb, const avifImage *image);
avifResult tview_avifImageYUVToRGB(const avifImage *image, avifRGBImage *rgb);
const char *tview_avifResultToString(avifResult result);

JxlDecoder *tview_JxlDecoderCreate(const JxlMemoryManager *memory_manager);
void tview_JxlDecoderDestroy(JxlDecoder *dec);
void tview_JxlDecoderRewind(JxlDecoder *dec);
JxlDecoderStatus tview_JxlDecoderSubscribeEvents(JxlDecoder *dec, int events_wanted);
JxlDecoderStatus tview_JxlDecoderSetUnpremultiplyAlpha(JxlDecoder *dec, JXL_BOOL unpremul_alpha);
JxlDecoderStatus tview_JxlDecoderSetInput(JxlDecoder *dec, const uint8_t *data, size_t size);
size_t tview_JxlDecoderReleaseInput(JxlDecoder *dec);
JxlDecoderStatus tview_JxlDecoderProcessInput(JxlDecoder *dec);
JxlDecoderStatus tview_JxlDecoderGetBasicInfo(const JxlDecoder *dec, JxlBasicInfo *info);
JxlDecoderStatus tview_JxlDecoderGetFrameHeader(const JxlDecoder *dec, JxlFrameHeader *header);
JxlDecoderStatus tview_JxlDecoderImageOutBufferSize(const JxlDecoder *dec, const JxlPixelFormat *format,
                                                    size_t *size);
JxlDecoderStatus tview_JxlDecoderSetImageOutBuffer(JxlDecoder *dec, const JxlPixelFormat *format, void *buffer,
                                                   size_t size);
JxlDecoderStatus tview_JxlDecoderSetPreferredColorProfile(JxlDecoder *dec, const JxlColorEncoding *color_encoding);
void tview_JxlColorEncodingSetToSRGB(JxlColorEncoding *color_encoding, JXL_BOOL is_gray);
JxlDecoderStatus tview_JxlDecoderSetCoalescing(JxlDecoder *dec, JXL_BOOL coalescing);
void tview_JxlDecoderSkipFrames(JxlDecoder *dec, size_t amount);
JxlDecoderStatus tview_JxlDecoderGetExtraChannelBlendInfo(const JxlDecoder *dec, size_t index, JxlBlendInfo *info);
JxlDecoderStatus tview_JxlDecoderSetImageOutCallback(JxlDecoder *dec, const JxlPixelFormat *format,
                                                     JxlImageOutCallback callback, void *opaque);
// Without the pixel format argument libjxl before 0.9 takes and ignores.
JxlDecoderStatus tview_JxlDecoderGetColorAsEncodedProfile(const JxlDecoder *dec, JxlColorProfileTarget target,
                                                          JxlColorEncoding *color_encoding);
JxlDecoderStatus tview_JxlDecoderGetICCProfileSize(const JxlDecoder *dec, JxlColorProfileTarget target, size_t *size);
JxlDecoderStatus tview_JxlDecoderGetColorAsICCProfile(const JxlDecoder *dec, JxlColorProfileTarget target,
                                                      uint8_t *icc_profile, size_t size);

// libjxl's own thread pool (libjxl_threads, opened with libjxl): NULL where it is missing, or
// could not start `threads` threads. Set on a decoder before its first input.
void *tview_jxl_runner_create(size_t threads);
void tview_jxl_runner_destroy(void *runner);
JxlDecoderStatus tview_jxl_runner_set(JxlDecoder *dec, void *runner);

#endif
