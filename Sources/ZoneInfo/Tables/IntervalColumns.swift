/// A zone's intervals as columns in one allocation, shared by the table that keeps them and
/// the builder that writes them (see ``IntervalBuilder``).
///
/// The capacity is fixed when it is created and is an upper bound the builder proves: one
/// interval before the first transition, one per transition, one for a constant footer or
/// two per fattened year. `starts` has one more slot, for the `Int64.max` sentinel the
/// builder writes after the last interval, so that walks need no bounds check.
struct IntervalColumns {
  let capacity: Int
  /// The first instant of each interval.
  let starts: UnsafeMutablePointer<Int64>
  /// The UTC offset of each interval, seconds east.
  let offsets: UnsafeMutablePointer<Int32>
  /// Whether each interval is daylight time.
  let isDaylight: UnsafeMutablePointer<Bool>
  /// Per interval, an index into the zone's abbreviations.
  let abbreviations: UnsafeMutablePointer<UInt16>
  /// The highest wall-clock reading shown before each interval began.
  let peaks: UnsafeMutablePointer<Int64>

  /// Allocates the columns in one block; free it with ``deallocate()``.
  init(capacity: Int) {
    let capacity = max(1, capacity)
    self.capacity = capacity
    // Widest first, so that every column stays aligned: 8-byte starts (and the sentinel) and
    // peaks, 4-byte offsets, 2-byte abbreviations, 1-byte flags.
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: (2 * capacity + 1) * 8 + capacity * (4 + 2 + 1), alignment: 8)
    starts = block.bindMemory(to: Int64.self, capacity: capacity + 1)
    peaks = (block + (capacity + 1) * 8).bindMemory(to: Int64.self, capacity: capacity)
    offsets = (block + (2 * capacity + 1) * 8).bindMemory(to: Int32.self, capacity: capacity)
    abbreviations = (block + (2 * capacity + 1) * 8 + capacity * 4).bindMemory(
      to: UInt16.self, capacity: capacity)
    isDaylight = (block + (2 * capacity + 1) * 8 + capacity * 6).bindMemory(
      to: Bool.self, capacity: capacity)
  }

  /// Frees the block (it starts with `starts`).
  func deallocate() {
    starts.deallocate()
  }
}
