#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The loaded zones of a database, behind a pthread mutex.
///
/// A pthread mutex rather than `Synchronization.Mutex`: the thread sanitizer understands
/// pthread locks, and cannot see the futex-based `Mutex` (its atomics live in an
/// uninstrumented library), so it would report the cache's accesses as races. The lock guards
/// only loading and looking up zones, never the hot path.
final class ZoneCache: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var zones: [String: Zone] = [:]

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the zones.
  func withLock<Result>(_ body: (inout [String: Zone]) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&zones)
  }
}
