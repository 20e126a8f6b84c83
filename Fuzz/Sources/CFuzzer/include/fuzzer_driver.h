#ifndef TVIEW_FUZZER_DRIVER_H
#define TVIEW_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs with a main of their own (SwiftPM gives every executable one):
/// parses libFuzzer's flags from argv and fuzzes `callback`. Linked in by -sanitize=fuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
