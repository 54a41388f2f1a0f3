import CAllocationCounter

/// Heap allocations, counted by the allocator that `CAllocationCounter` interposes: only with
/// glibc. Elsewhere a figure is nil and printed as not counted, never as 0.
enum AllocationCount {
  /// Whether this build counts allocations.
  static var isCounted: Bool { dndkit_allocations_are_counted() != 0 }

  /// Allocations so far, or nil where they are not counted.
  static var now: UInt? { isCounted ? UInt(dndkit_allocation_count()) : nil }

  /// Allocations per call between two readings, or nil where they are not counted.
  static func perCall(from before: UInt?, calls: Int) -> Double? {
    guard let before, let after = now else { return nil }
    return Double(after - before) / Double(calls)
  }

  /// A figure for the table: the number, or "not counted on this platform".
  static func describe(_ figure: Double?) -> String {
    figure.map { "\($0)" } ?? "not counted on this platform"
  }
}
