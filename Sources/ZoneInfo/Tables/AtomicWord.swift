import CAtomicWords

/// A 64-bit word that one thread publishes and others read, at an address that never moves:
/// the portable stand-in for `Synchronization.Atomic`, which needs macOS 15 / iOS 18.
///
/// The owner allocates it, gives it its first value before sharing it, and frees it when no
/// thread can read it any more (a table's `deinit`).
@usableFromInline
struct AtomicWord: @unchecked Sendable {
  @usableFromInline let address: UnsafeMutablePointer<UInt64>

  /// A new word holding `value`.
  init(_ value: UInt64) {
    address = .allocate(capacity: 1)
    address.initialize(to: value)
  }

  /// The word, read with acquire ordering.
  @inlinable @inline(__always)
  func loadAcquiring() -> UInt64 { dndkit_atomic_load_acquiring(address) }

  /// Writes the word with release ordering.
  func storeReleasing(_ value: UInt64) { dndkit_atomic_store_releasing(address, value) }

  /// Frees the word.
  func deallocate() { address.deallocate() }
}
