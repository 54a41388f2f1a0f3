#ifndef CALLOCATIONCOUNTER_H
#define CALLOCATIONCOUNTER_H

/// Number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign) made by this process since it started. Linked only into dnd-bench, which
/// interposes the allocator to prove the hot path allocates nothing.
/// 0 where nothing is counted (`dndkit_allocations_are_counted` returns 0 there).
unsigned long dndkit_allocation_count(void);

/// 1 where allocations are counted (glibc), 0 elsewhere: a count of 0 there means "not
/// counted", never "no allocation".
int dndkit_allocations_are_counted(void);

#endif
