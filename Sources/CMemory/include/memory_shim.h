#ifndef TVIEW_MEMORY_SHIM_H
#define TVIEW_MEMORY_SHIM_H

/// Makes glibc map every allocation of `bytes` or more on its own and unmap it when freed (a fixed
/// mmap threshold: glibc otherwise raises it after the first large free and keeps later large
/// blocks in the heap, where freed canvases linger in the peak RSS).
void tview_map_large_allocations(int bytes);

#endif
