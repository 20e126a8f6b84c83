// See import_slot.h. A library calls a function of another through a slot of its own global
// offset table, which the dynamic linker fills with the function's address when it loads the
// library (at once: tview opens libraries RTLD_NOW, and Debian's are linked with BIND_NOW). The
// slot is found by the library's relocations that name the function; after loading, the
// linker makes those slots read-only (RELRO), so the page is made writable for the one store.
#define _GNU_SOURCE
#include "import_slot.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if __SIZEOF_POINTER__ == 8
#define RELOCATION_SYMBOL(info) ELF64_R_SYM(info)
#else
#define RELOCATION_SYMBOL(info) ELF32_R_SYM(info)
#endif

// An address in the dynamic section: glibc turns most of them into run-time addresses when it
// loads a library, other loaders leave the offsets the file has.
static uintptr_t loaded_address(const struct link_map *map, ElfW(Addr) value) {
    return value >= map->l_addr ? value : map->l_addr + value;
}

typedef struct {
    const struct link_map *map;
    uintptr_t start, end;
} relro_search;

// The pages the dynamic linker made read-only after relocating (PT_GNU_RELRO, rounded down at
// both ends as the linker rounds them).
static int find_relro(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    relro_search *search = data;
    if (info->dlpi_addr != search->map->l_addr || strcmp(info->dlpi_name, search->map->l_name) != 0) return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_GNU_RELRO) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        search->start = start & ~(page - 1);
        search->end = (start + header->p_memsz) & ~(page - 1);
    }
    return 1;
}

// Stores `replacement` in `slot` (keeping what it held in `original`), through a writable page
// where the slot lies in the read-only part.
static int store(const struct link_map *map, void **slot, void *replacement, void **original) {
    relro_search search = {map, 0, 0};
    dl_iterate_phdr(find_relro, &search);
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    void *slot_page = (void *)((uintptr_t)slot & ~(page - 1));
    int read_only = (uintptr_t)slot >= search.start && (uintptr_t)slot < search.end;
    if (read_only && mprotect(slot_page, page, PROT_READ | PROT_WRITE) != 0) return 0;
    *original = *slot;
    __atomic_store_n(slot, replacement, __ATOMIC_RELEASE);
    if (read_only) mprotect(slot_page, page, PROT_READ);
    return 1;
}

// Whether `slot` holds the entry of a function outside the library (bound, not a lazy stub).
static int bound_elsewhere(const struct link_map *map, void *const *slot) {
    Dl_info target;
    return dladdr(*slot, &target) != 0 && target.dli_saddr == *slot &&
           (uintptr_t)target.dli_fbase != map->l_addr;
}

// Replaces the slots of the relocations at `relocations` (`size` bytes of entries of
// `entry_size`, Rela or Rel: both start with the offset and the info) that name `name`; how many.
static int replace_in(const struct link_map *map, uintptr_t relocations, size_t size, size_t entry_size,
                      const ElfW(Sym) *symbols, const char *strings, const char *name, void *replacement,
                      void **original) {
    int replaced = 0;
    for (size_t offset = 0; entry_size > 0 && offset + entry_size <= size; offset += entry_size) {
        const ElfW(Rel) *relocation = (const ElfW(Rel) *)(relocations + offset);
        size_t symbol = RELOCATION_SYMBOL(relocation->r_info);
        if (symbol == 0 || strcmp(strings + symbols[symbol].st_name, name) != 0) continue;
        void **slot = (void **)(map->l_addr + relocation->r_offset);
        if (bound_elsewhere(map, slot)) replaced += store(map, slot, replacement, original);
    }
    return replaced;
}

int tview_replace_import(void *handle, const char *name, void *replacement, void **original) {
    struct link_map *map = NULL;
    if (handle == NULL || dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) return 0;
    uintptr_t symbols = 0, strings = 0, plt = 0, rela = 0, rel = 0;
    size_t plt_size = 0, rela_size = 0, rel_size = 0, plt_kind = DT_RELA;
    size_t rela_entry = sizeof(ElfW(Rela)), rel_entry = sizeof(ElfW(Rel));
    for (const ElfW(Dyn) *entry = map->l_ld; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB: symbols = loaded_address(map, entry->d_un.d_ptr); break;
        case DT_STRTAB: strings = loaded_address(map, entry->d_un.d_ptr); break;
        case DT_JMPREL: plt = loaded_address(map, entry->d_un.d_ptr); break;
        case DT_PLTRELSZ: plt_size = entry->d_un.d_val; break;
        case DT_PLTREL: plt_kind = entry->d_un.d_val; break;
        case DT_RELA: rela = loaded_address(map, entry->d_un.d_ptr); break;
        case DT_RELASZ: rela_size = entry->d_un.d_val; break;
        case DT_RELAENT: rela_entry = entry->d_un.d_val; break;
        case DT_REL: rel = loaded_address(map, entry->d_un.d_ptr); break;
        case DT_RELSZ: rel_size = entry->d_un.d_val; break;
        case DT_RELENT: rel_entry = entry->d_un.d_val; break;
        default: break;
        }
    }
    if (symbols == 0 || strings == 0) return 0;
    const ElfW(Sym) *symbol_table = (const ElfW(Sym) *)symbols;
    const char *string_table = (const char *)strings;
    // Calls go through the PLT's slots; a function whose address is taken has one among the
    // other relocations (GLOB_DAT).
    int replaced = 0;
    if (plt != 0) {
        replaced += replace_in(map, plt, plt_size, plt_kind == DT_RELA ? rela_entry : rel_entry, symbol_table,
                               string_table, name, replacement, original);
    }
    if (rela != 0) {
        replaced += replace_in(map, rela, rela_size, rela_entry, symbol_table, string_table, name, replacement,
                               original);
    }
    if (rel != 0) {
        replaced += replace_in(map, rel, rel_size, rel_entry, symbol_table, string_table, name, replacement, original);
    }
    return replaced;
}
