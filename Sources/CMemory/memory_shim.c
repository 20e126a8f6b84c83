#include "memory_shim.h"

#include <malloc.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

void tview_map_large_allocations(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
}

void tview_use_one_arena(void) {
    mallopt(M_ARENA_MAX, 1);
}

// /proc/self/pagemap: one 64-bit entry a page; bit 63 present, bit 62 swapped. An anonymous page
// with neither has never been written (or was given back): it reads as zero. Opened once; -1 when
// it cannot be read (then every page is looked at).
static int pagemap = -1;
static pthread_once_t pagemap_once = PTHREAD_ONCE_INIT;

static void open_pagemap(void) {
    pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
}

void tview_clear_fresh_memory(void *start, size_t count) {
    unsigned char *bytes = start;
    const size_t page = 4096;
    if (count >= 16 * page) pthread_once(&pagemap_once, open_pagemap);
    uint64_t entries[512];
    size_t entries_from = 0, entries_count = 0;  // page numbers the entries hold
    size_t offset = 0;
    while (offset < count) {
        // Up to the next page boundary, so each test and each memset stays within one page.
        uintptr_t page_number = ((uintptr_t)bytes + offset) / page;
        size_t end = (page_number + 1) * page - (uintptr_t)bytes;
        if (end > count) end = count;
        if (count >= 16 * page && pagemap >= 0) {
            if (page_number < entries_from || page_number >= entries_from + entries_count) {
                ssize_t got = pread(pagemap, entries, sizeof entries, (off_t)(page_number * sizeof entries[0]));
                entries_from = page_number;
                entries_count = got > 0 ? (size_t)got / sizeof entries[0] : 0;
            }
            // Reading an untouched page only to find zeros would map it (a fault a page: 1.4 ms
            // for a 1080p canvas, before the decoder's own write faults).
            if (page_number - entries_from < entries_count &&
                (entries[page_number - entries_from] & (3ull << 62)) == 0) {
                offset = end;
                continue;
            }
        }
        unsigned char any = 0;
        for (size_t i = offset; i < end; i++) any |= bytes[i];
        if (any) memset(bytes + offset, 0, end - offset);
        offset = end;
    }
}

void tview_populate_for_writing(void *start, size_t count) {
    const uintptr_t page = 4096;
    uintptr_t from = ((uintptr_t)start + page - 1) & ~(page - 1);
    uintptr_t to = ((uintptr_t)start + count) & ~(page - 1);
    // MADV_POPULATE_WRITE (Linux 5.14); older kernels say EINVAL and the pages fault as before.
    if (to > from) madvise((void *)from, to - from, 23);
}

// Watched mappings: a fixed table the SIGBUS handler can read without locks. A slot's start is
// published last (release) and read first (acquire), so the handler never sees half a slot.
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <unistd.h>
#include <pthread.h>

#define WATCH_SLOTS 64

static struct {
    _Atomic(uintptr_t) start;
    _Atomic(size_t) count;
    atomic_int replaced;
} watched[WATCH_SLOTS];

static struct sigaction previous_action;

static void bus_handler(int signal, siginfo_t *info, void *context) {
    (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (int i = 0; i < WATCH_SLOTS; i++) {
        uintptr_t start = atomic_load_explicit(&watched[i].start, memory_order_acquire);
        size_t count = atomic_load_explicit(&watched[i].count, memory_order_relaxed);
        if (start == 0 || address < start || address >= start + count) continue;
        // Zero pages from the faulting one to the mapping's end: the read is retried and succeeds.
        uintptr_t from = address & ~(page - 1);
        uintptr_t end = (start + count + page - 1) & ~(page - 1);
        void *placed = mmap((void *)from, end - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (placed == MAP_FAILED) break;
        atomic_store(&watched[i].replaced, 1);
        return;
    }
    // Not ours: the handler from before (the default: die of it) takes the retried fault.
    sigaction(signal, &previous_action, NULL);
}

static pthread_once_t handler_once = PTHREAD_ONCE_INIT;

static void install_bus_handler(void) {
    struct sigaction action = {0};
    action.sa_sigaction = bus_handler;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous_action);
}

int tview_watch_mapping(const void *start, size_t count) {
    pthread_once(&handler_once, install_bus_handler);
    for (int i = 0; i < WATCH_SLOTS; i++) {
        uintptr_t expected = 0;
        // Claim the slot with a placeholder so no other thread takes it, then fill it in.
        if (atomic_compare_exchange_strong(&watched[i].start, &expected, (uintptr_t)1)) {
            atomic_store(&watched[i].replaced, 0);
            atomic_store_explicit(&watched[i].count, count, memory_order_relaxed);
            atomic_store_explicit(&watched[i].start, (uintptr_t)start, memory_order_release);
            return i;
        }
    }
    return -1;
}

int tview_mapping_replaced(int handle) {
    if (handle < 0 || handle >= WATCH_SLOTS) return 0;
    return atomic_load(&watched[handle].replaced);
}

void tview_unwatch_mapping(int handle) {
    if (handle < 0 || handle >= WATCH_SLOTS) return;
    atomic_store(&watched[handle].count, (size_t)0);
    atomic_store(&watched[handle].start, (uintptr_t)0);
}
