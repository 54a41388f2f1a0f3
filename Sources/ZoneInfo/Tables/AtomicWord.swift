import CAtomicWords

/// A 64-bit word that one thread publishes and others read, at an address that never moves:
/// the portable stand-in for `Synchronization.Atomic`, which needs macOS 15 / iOS 18.
///
/// The word lives in memory its owner allocated, either on its own (``allocated(_:)``, freed
/// with ``deallocate()``) or inside a larger block (``init(at:initialValue:)``, freed with the
/// block); it gets its first value before any other thread can see it.
@usableFromInline
struct AtomicWord: @unchecked Sendable {
  @usableFromInline let address: UnsafeMutablePointer<UInt64>

  /// A word at `address`, holding `initialValue`.
  init(at address: UnsafeMutableRawPointer, initialValue: UInt64) {
    self.address = address.initializeMemory(as: UInt64.self, repeating: initialValue, count: 1)
  }

  /// The word already initialized at `address`.
  @inlinable @inline(__always)
  init(existingAt address: UnsafeMutableRawPointer) {
    self.address = address.assumingMemoryBound(to: UInt64.self)
  }

  /// A word of its own, holding `value`; the caller frees it with ``deallocate()``.
  static func allocated(_ value: UInt64) -> AtomicWord {
    AtomicWord(
      at: UnsafeMutableRawPointer.allocate(
        byteCount: MemoryLayout<UInt64>.size, alignment: MemoryLayout<UInt64>.alignment),
      initialValue: value)
  }

  /// The word, read with acquire ordering.
  @inlinable @inline(__always)
  func loadAcquiring() -> UInt64 { dndkit_atomic_load_acquiring(address) }

  /// Writes the word with release ordering.
  func storeReleasing(_ value: UInt64) { dndkit_atomic_store_releasing(address, value) }

  /// Frees a word from ``allocated(_:)``.
  func deallocate() { UnsafeMutableRawPointer(address).deallocate() }
}
