// libavif (Debian 0.11): AVIF stills and image sequences, AV1 through dav1d or libaom.
#include <avif/avif.h>
