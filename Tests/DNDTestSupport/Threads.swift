import SystemTestBench

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
  Threads.run(count, body)
}
