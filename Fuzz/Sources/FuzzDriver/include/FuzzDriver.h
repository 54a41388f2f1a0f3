#ifndef DNDKIT_FUZZ_DRIVER_H
#define DNDKIT_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, LLVM 12 and later): parses the libFuzzer options in
/// argv and calls `callback` with each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
