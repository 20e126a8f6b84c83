#include "memory_shim.h"

#include <malloc.h>
#include <stdint.h>
#include <string.h>

void tview_map_large_allocations(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
}

void tview_clear_fresh_memory(void *start, size_t count) {
    unsigned char *bytes = start;
    const size_t page = 4096;
    size_t offset = 0;
    while (offset < count) {
        // Up to the next page boundary, so each test and each memset stays within one page.
        size_t end = ((uintptr_t)(bytes + offset) / page + 1) * page - (uintptr_t)bytes;
        if (end > count) end = count;
        unsigned char any = 0;
        for (size_t i = offset; i < end; i++) any |= bytes[i];
        if (any) memset(bytes + offset, 0, end - offset);
        offset = end;
    }
}
