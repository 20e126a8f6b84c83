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
