// libpng for Swift: the simplified API (png_image_*) for writing; decoding goes through CPNGShim.
#include <png.h>
