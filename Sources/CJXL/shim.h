// libjxl (Debian 0.7): JPEG XL stills and animations, decoded one frame at a time. encode.h only
// for JxlColorEncodingSetToSRGB, which asks lossy (XYB) files for sRGB output.
#include <jxl/decode.h>
#include <jxl/encode.h>
