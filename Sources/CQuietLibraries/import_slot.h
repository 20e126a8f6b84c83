// Points one library's calls of a function it imports at another function, leaving every other
// caller's alone: unlike a definition of the same name in tview (found first by every library's
// symbol lookup, for the whole process), this changes only the library given.
#ifndef TVIEW_IMPORT_SLOT_H
#define TVIEW_IMPORT_SLOT_H

// In the library opened as `handle` (dlopen), every slot through which it reaches the function
// `name` of another library now holds `replacement`; `original` receives what they held (the
// function the library was bound to). Returns how many slots were replaced: 0 when the library
// imports no such function or could not be changed (then nothing is).
int tview_replace_import(void *handle, const char *name, void *replacement, void **original);

#endif
