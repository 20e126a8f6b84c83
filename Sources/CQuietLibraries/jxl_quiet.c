// Debian's libjxl prints where it fails ("./lib/jxl/decode.cc:2143: missing input") to stderr
// itself: onto the screen tview is playing on, past the one escaping path text takes. Its prints
// go through glibc's __fprintf_chk and __vfprintf_chk; these definitions, in the executable, are
// found before glibc's (ELF symbol lookup). A print to stderr whose caller lies in libjxl is
// dropped (tview reports the failure itself); every other call goes on to glibc unchanged.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef int (*tview_vfprintf_chk_function)(FILE *, int, const char *, va_list);

static tview_vfprintf_chk_function glibc_vfprintf_chk(void) {
    static tview_vfprintf_chk_function function = NULL;
    if (function == NULL) {
        function = (tview_vfprintf_chk_function)dlsym(RTLD_NEXT, "__vfprintf_chk");
    }
    return function;
}

static int printed_by_libjxl(FILE *stream, const void *return_address) {
    if (stream != stderr) {
        return 0;
    }
    Dl_info caller;
    if (dladdr(return_address, &caller) == 0 || caller.dli_fname == NULL) {
        return 0;
    }
    const char *slash = strrchr(caller.dli_fname, '/');
    const char *name = slash != NULL ? slash + 1 : caller.dli_fname;
    return strncmp(name, "libjxl.", 7) == 0;
}

int __vfprintf_chk(FILE *stream, int flag, const char *format, va_list arguments) {
    if (printed_by_libjxl(stream, __builtin_return_address(0))) {
        return 0;
    }
    return glibc_vfprintf_chk()(stream, flag, format, arguments);
}

int __fprintf_chk(FILE *stream, int flag, const char *format, ...) {
    if (printed_by_libjxl(stream, __builtin_return_address(0))) {
        return 0;
    }
    va_list arguments;
    va_start(arguments, format);
    int result = glibc_vfprintf_chk()(stream, flag, format, arguments);
    va_end(arguments);
    return result;
}
