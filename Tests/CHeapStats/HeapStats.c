// Malloc's own count of the heap in use, and the page faults of the
// calling thread, for tests. Nothing else.
#define _GNU_SOURCE
#include <malloc.h>
#include <sys/resource.h>

#include "CHeapStats.h"

size_t feedline_heap_in_use(void) { return mallinfo2().uordblks; }

long feedline_thread_page_faults(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_THREAD, &usage) != 0) return -1;
    return usage.ru_minflt + usage.ru_majflt;
}
