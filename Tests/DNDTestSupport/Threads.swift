#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One result slot per thread, written only by its thread and read after every thread was
/// joined (the join orders the accesses).
public final class ThreadResults<Value>: @unchecked Sendable {
  /// Raw storage: each thread touches only its own slot, never a shared Swift variable.
  private let slots: UnsafeMutableBufferPointer<Value?>

  /// Creates `count` empty slots.
  ///
  /// - Parameter count: One slot per thread.
  public init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  /// The slot of thread `index`.
  public subscript(index: Int) -> Value? {
    get { slots[index] }
    set { slots[index] = newValue }
  }
}

/// Runs a body on `count` POSIX threads at once and joins them all.
///
/// - Parameters:
///   - count: How many threads.
///   - body: Run on each thread with its index.
public func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  final class Start: @unchecked Sendable {
    let body: @Sendable (Int) -> Void
    let index: Int
    init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
      self.body = body
      self.index = index
    }
  }
  var threads: [pthread_t] = []
  for index in 0..<count {
    let start = Unmanaged.passRetained(Start(body, index)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
        start.body(start.index)
        return nil
      }, start)
    precondition(status == 0, "pthread_create failed: \(status)")
    threads.append(thread)
  }
  for thread in threads { pthread_join(thread, nil) }
}
