#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's own driver (compiler-rt's FuzzerInterface.h), linked in by
// `-sanitize=fuzzer`: a fuzz target whose `main` is SwiftPM's calls it.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
