// The declarations live in include/FuzzDriver.h; libFuzzer itself is linked by
// -sanitize=fuzzer. SwiftPM needs at least one source file in a C target.
#include "FuzzDriver.h"
