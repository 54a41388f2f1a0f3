#ifndef CALLOCATIONCOUNTER_H
#define CALLOCATIONCOUNTER_H

/// Number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign) made by this process since it started. Linked only into dnd-bench, which
/// interposes the allocator to prove the hot path allocates nothing.
unsigned long dndkit_allocation_count(void);

#endif
