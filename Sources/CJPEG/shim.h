// libjpeg(-turbo) for the C shim: jpeglib.h needs stdio's FILE declared first.
#include <stdio.h>
#include <jpeglib.h>
