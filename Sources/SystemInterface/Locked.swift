#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("SystemInterface has no branch for this platform's C library")
#endif

/// A value behind a pthread mutex, the one lock type of the package: the loaded zones of a
/// database, the one extension of a zone's table, the process's interned zone tables.
///
/// A pthread mutex rather than `Synchronization.Mutex`: `Mutex` needs macOS 15 / iOS 18, and
/// the thread sanitizer understands pthread locks but cannot see the futex-based `Mutex` (its
/// atomics live in an uninstrumented library), so it would report the guarded accesses as
/// races. `pthread_mutex_t` is a plain structure on every platform (Darwin's carries a
/// signature word that `pthread_mutex_init` writes), kept at a fixed address here. Every use
/// guards loading or compiling, never the hot path.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Out of line, so that `withLock`'s access to it is a plain memory access inside the lock:
  /// a stored property's formal access may be placed outside the lock call by the compiler
  /// (for an empty `Value` it was, and the thread sanitizer reported a race).
  private let value: UnsafeMutablePointer<Value>

  /// A lock around a value.
  ///
  /// - Parameter value: The initial value.
  package init(_ value: Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// - Parameter body: Reads or changes the value.
  /// - Returns: What `body` returns.
  package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&value.pointee)
  }
}
