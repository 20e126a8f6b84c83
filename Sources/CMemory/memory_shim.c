#include "memory_shim.h"

#include <malloc.h>

void tview_map_large_allocations(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
}
