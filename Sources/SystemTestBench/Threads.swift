import CSystemTestBench
import SystemInterface

#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("SystemTestBench has no branch for this platform's C library")
#endif

/// POSIX threads, for the tests' concurrency checks: real threads that start at once, rather
/// than tasks a pool may run one after another.
package enum Threads {
  /// Runs `body` on `count` POSIX threads at once and joins them all.
  ///
  /// - Parameters:
  ///   - count: How many threads.
  ///   - body: Run on each thread with its index.
  package static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Start: @unchecked Sendable {
      let body: @Sendable (Int) -> Void
      let index: Int
      init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
        self.body = body
        self.index = index
      }
    }
    var handles: [UnsafeMutableRawPointer] = []
    for index in 0..<count {
      let start = Unmanaged.passRetained(Start(body, index)).toOpaque()
      var handle: UnsafeMutableRawPointer?
      let status = dndkit_thread_start(
        { raw in
          guard let raw else { return }
          let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
          start.body(start.index)
        }, start, &handle)
      precondition(status == 0, "pthread_create failed: \(Errno(status))")
      if let handle { handles.append(handle) }
    }
    for handle in handles {
      let status = dndkit_thread_join(handle)
      precondition(status == 0, "pthread_join failed: \(Errno(status))")
    }
  }

  /// How many processors are online (at least 1).
  package static var onlineProcessorCount: Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }
}

/// What the process uses of the machine.
package enum ProcessResources {
  /// The process's resident memory in bytes, or nil where this platform gives no way to read
  /// it (a memory bound is then skipped, never checked against 0).
  package static var residentMemoryBytes: Int? {
    let bytes = dndkit_resident_memory_bytes()
    return bytes < 0 ? nil : Int(bytes)
  }

  /// Whether AddressSanitizer's runtime is loaded (its quarantine keeps freed memory out of
  /// reuse, which memory bounds must allow for).
  package static var isAddressSanitized: Bool { dndkit_symbol_is_loaded("__asan_init") != 0 }
}
