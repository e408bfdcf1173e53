// Malloc's own count of the heap in use, for tests. Nothing else.
#include <malloc.h>

#include "CHeapStats.h"

size_t feedline_heap_in_use(void) { return mallinfo2().uordblks; }
