#ifndef TVIEW_MEMORY_SHIM_H
#define TVIEW_MEMORY_SHIM_H

#include <stddef.h>

/// Makes glibc map every allocation of `bytes` or more on its own and unmap it when freed (a fixed
/// mmap threshold: glibc otherwise raises it after the first large free and keeps later large
/// blocks in the heap, where freed canvases linger in the peak RSS).
void tview_map_large_allocations(int bytes);

/// Zeroes `count` bytes at `start` (fresh from malloc), writing only the pages that are not zero
/// already. Memory the kernel just mapped reads as zero without being given pages, so a canvas
/// that is never drawn on stays out of the resident set (calloc does the same inside glibc).
void tview_clear_fresh_memory(void *start, size_t count);

#endif
