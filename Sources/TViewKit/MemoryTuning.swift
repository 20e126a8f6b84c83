internal import CMemory

/// How the process's allocator treats large blocks, for a program that plays large animations.
public enum MemoryTuning {
    /// Canvases of big animations are megabytes: they are always mapped and unmapped on free, so
    /// freed canvases never linger in the heap (glibc would otherwise raise its mmap threshold
    /// after the first free and keep later ones), and one arena serves every thread. Call it
    /// first thing; `tview` does.
    public static func forLargeCanvases() {
        tview_map_large_allocations(2 << 20)
        tview_use_one_arena()
    }
}
