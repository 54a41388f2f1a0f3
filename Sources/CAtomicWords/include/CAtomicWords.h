#ifndef CATOMICWORDS_H
#define CATOMICWORDS_H

// 64-bit words read and written with C11 atomics, for the few words that ZoneInfo's tables
// publish from one thread to others. The Synchronization module's `Atomic` would do the same,
// but only from macOS 15 / iOS 18; these work on every platform DNDKit declares.
//
// The word is a plain `uint64_t` that Swift allocates and initializes before any thread can
// see it; every later access goes through these functions. A lock-free 64-bit atomic has the
// representation of the plain integer on every target DNDKit builds for (checked below).

#include <stdatomic.h>
#include <stdint.h>

_Static_assert(sizeof(_Atomic(uint64_t)) == sizeof(uint64_t), "atomic word is a plain word");
_Static_assert(_Alignof(_Atomic(uint64_t)) == _Alignof(uint64_t), "atomic word aligned as a word");

/// Loads the word with acquire ordering: what was written before the matching release store
/// is visible after it.
static inline uint64_t dndkit_atomic_load_acquiring(const uint64_t *word) {
  return atomic_load_explicit((const _Atomic(uint64_t) *)word, memory_order_acquire);
}

/// Stores the word with release ordering.
static inline void dndkit_atomic_store_releasing(uint64_t *word, uint64_t value) {
  atomic_store_explicit((_Atomic(uint64_t) *)word, value, memory_order_release);
}

#endif
