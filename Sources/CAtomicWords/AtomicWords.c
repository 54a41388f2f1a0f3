// Everything is in the header (static inline functions); SwiftPM wants one source file.
#include "CAtomicWords.h"
