// Counts heap allocations by interposing glibc's allocator entry points. The benchmark
// executable defines these symbols, so they take precedence over libc's for the whole
// process (Swift runtime and Foundation included); each forwards to glibc's internal
// implementation, so behaviour is unchanged apart from one atomic increment.
//
// Only under glibc: musl has no `__libc_*` entry points (and a static musl binary could not
// interpose its own allocator this way), Darwin's allocator is reached through malloc zones,
// Android's through bionic. Elsewhere nothing is interposed and the counter says so.
#include "CAllocationCounter.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(__GLIBC__)
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic unsigned long allocations = 0;

int dndkit_allocations_are_counted(void) { return 1; }

unsigned long dndkit_allocation_count(void) { return atomic_load(&allocations); }

void *malloc(size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12;  // ENOMEM
  *result = pointer;
  return 0;
}
#else
int dndkit_allocations_are_counted(void) { return 0; }

unsigned long dndkit_allocation_count(void) { return 0; }
#endif
