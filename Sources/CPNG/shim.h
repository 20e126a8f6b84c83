// Only libpng's simplified API (png_image_*) is used: it reports errors in png_image.message
// instead of longjmp-ing through Swift frames.
#include <png.h>
