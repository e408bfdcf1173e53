#ifndef FEEDLINE_CHEAPSTATS_H
#define FEEDLINE_CHEAPSTATS_H

#include <stddef.h>

/// Bytes malloc has handed out and not had back, over all its arenas
/// (glibc's `mallinfo2().uordblks`), for tests that check what an action
/// keeps. Swift does not import malloc.h.
size_t feedline_heap_in_use(void);
/// Page faults of the calling thread so far (-1 if unknown).
long feedline_thread_page_faults(void);

#endif
