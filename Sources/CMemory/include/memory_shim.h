#ifndef TVIEW_MEMORY_SHIM_H
#define TVIEW_MEMORY_SHIM_H

#include <stddef.h>

/// Makes glibc map every allocation of `bytes` or more on its own and unmap it when freed (a fixed
/// mmap threshold: glibc otherwise raises it after the first large free and keeps later large
/// blocks in the heap, where freed canvases linger in the peak RSS).
void tview_map_large_allocations(int bytes);

/// Makes every thread allocate from the main heap. glibc otherwise gives each thread that
/// allocates (decode-ahead, libjxl's workers) a heap of its own, whose freed blocks the others
/// cannot reuse: 2.6 MB of med.jxl's 33 MB peak. tview's threads allocate little at a time.
void tview_use_one_arena(void);

/// Zeroes `count` bytes at `start` (fresh from malloc), writing only the pages that are not zero
/// already. Memory the kernel just mapped reads as zero without being given pages, so a canvas
/// that is never drawn on stays out of the resident set (calloc does the same inside glibc).
void tview_clear_fresh_memory(void *start, size_t count);

/// Gives the pages of `count` bytes at `start` memory now, in one call, for bytes about to be
/// written: a 1080p canvas drawn on page by page takes two thousand faults (2 ms); populated at
/// once, a fraction of that. Only for memory that will be written whole anyway.
void tview_populate_for_writing(void *start, size_t count);

/// Watches a read-only file mapping: when the file shrinks under it (a download still being
/// written, an editor saving), reading past the new end would raise SIGBUS and kill the process.
/// Instead, the handler puts zero pages over the rest of the mapping and marks it replaced, so the
/// reader sees zeros (a decoder then reports corrupt data) and the process lives. Returns a
/// handle for the other calls, or -1 when every watch slot is taken (the mapping is then not
/// watched). Installs the SIGBUS handler the first time.
int tview_watch_mapping(const void *start, size_t count);

/// Whether the file under watched mapping `handle` shrank and its tail was replaced by zeros.
int tview_mapping_replaced(int handle);

/// Stops watching (before the mapping is unmapped).
void tview_unwatch_mapping(int handle);

#endif
